// `mdkg push`: brings the server in step with the documents. Reads the manifest, sends only the
// graphs whose content hash changed (Graph Store PUT, several in flight), deletes the graphs of
// documents that are gone, and writes the manifest last. A push that dies half-way leaves a
// manifest that still names every graph it had not finished, so the next push completes it.
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { type LocalGraph, localGraphs } from './local-graphs.js';
import { MANIFEST_GRAPH, type Manifest, type ManifestEntry, manifestBody, type PushPlan, planPush } from './manifest.js';
import { deleteGraph, putGraph, readManifest } from './protocol.js';
import type { StoreClient } from './store-client.js';

export interface PushOptions {
  /** Plan only: read the manifest, send nothing. */
  dryRun?: boolean;
  /** Called after each graph sent or deleted. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** The push's time, recorded in the manifest. Default: now. */
  now?: Date;
  mdkgVersion?: string;
}

export interface PushReport {
  plan: PushPlan;
  /** When the server had no manifest: every graph is new. */
  firstPush: boolean;
  dryRun: boolean;
  /** False when nothing changed (the manifest is then left as it is). */
  manifestWritten: boolean;
}

/** Runs `task` on every item, `limit` at a time; the first failure stops new starts and is thrown once the running ones end. */
export async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const runner = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      if (signal?.aborted === true) {
        failure ??= { error: signal.reason };
        return;
      }
      const item = items[next] as T;
      next += 1;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, runner));
  if (failure !== undefined) throw failure.error;
}

/** The manifest written before any new graph is sent: the old entries and each new graph as pending (a hash no graph has). */
function intent(manifest: Manifest | undefined, plan: PushPlan): LocalGraph[] {
  const entries: ManifestEntry[] = [...(manifest?.entries.values() ?? [])];
  const pending = plan.put.filter((p) => p.reason === 'new').map((p): ManifestEntry => ({ iri: p.graph.iri, path: p.graph.path, hash: 'pending' }));
  return [...entries, ...pending].map((e) => ({ ...e, triples: 0, body: '' }));
}

export async function pushGraph(client: StoreClient, kg: KnowledgeGraph, options: PushOptions = {}): Promise<PushReport> {
  const local = localGraphs(kg);
  const manifest = await readManifest(client);
  const plan = planPush(local, manifest);
  const report = { plan, firstPush: manifest === undefined, dryRun: options.dryRun === true, manifestWritten: false };
  const changed = plan.put.length > 0 || plan.remove.length > 0;
  if (report.dryRun || (!changed && manifest?.profile !== undefined)) return report;
  const { signal } = options;
  const now = options.now ?? new Date();
  const version = options.mdkgVersion ?? '';
  // New graphs are recorded as pending first: if the push dies, the next one still knows they may be on the server.
  if (plan.put.some((p) => p.reason === 'new')) await putGraph(client, MANIFEST_GRAPH, manifestBody(intent(manifest, plan), kg.profile, now, version), signal);
  const total = plan.put.length + plan.remove.length;
  let done = 0;
  const tick = (): void => {
    done += 1;
    options.onProgress?.(done, total);
  };
  const limit = client.target.concurrency;
  const send = async (p: PushPlan['put'][number]): Promise<void> => {
    await putGraph(client, p.graph.iri, p.graph.body, signal);
    tick();
  };
  const drop = async (iri: string): Promise<void> => {
    await deleteGraph(client, iri, signal);
    tick();
  };
  await forEachLimited(plan.put, limit, send, signal);
  await forEachLimited(plan.remove, limit, drop, signal);
  await putGraph(client, MANIFEST_GRAPH, manifestBody(local, kg.profile, now, version), signal);
  return { ...report, manifestWritten: true };
}

export interface DriftReport {
  /** Graphs whose content differs from the document's. */
  differ: string[];
  /** Documents with no graph on the server. */
  missing: string[];
  /** Graphs on the server with no document. */
  extra: string[];
  /** When the server last took a push (the manifest's time), if ever. */
  pushedAt: string | undefined;
}

/** `mdkg push --check`: what a push would change, by kind. */
export async function checkDrift(client: StoreClient, kg: KnowledgeGraph): Promise<DriftReport> {
  const manifest = await readManifest(client);
  const plan = planPush(localGraphs(kg), manifest);
  return {
    differ: plan.put.filter((p) => p.reason === 'changed').map((p) => p.graph.iri),
    missing: plan.put.filter((p) => p.reason === 'new').map((p) => p.graph.iri),
    extra: plan.remove,
    pushedAt: manifest?.pushedAt,
  };
}
