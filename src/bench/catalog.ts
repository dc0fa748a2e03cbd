// Builds the graph a dataset is scored against: its catalog generated into a temp folder, loaded.
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFactory } from 'n3';
import { MdkgError, type Diagnostic } from '../errors.js';
import { generateTools, type ToolSource } from '../generate/generate-tools.js';
import { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { MDKG, RDF_TYPE } from '../rdf/namespaces.js';
import type { CatalogEntry, Dataset } from './dataset.js';
import { sweepStale, track } from '../util/cleanup.js';

/** Temp folders of bench runs: `mdkg-bench-<pid>-<random>`. */
const BENCH_TEMP = /^mdkg-bench-(\d+)-/;

/** What one catalog entry gave. */
export interface CatalogEntryReport {
  type: CatalogEntry['type'];
  path: string;
  source: string;
  /** Tools generated, or Markdown files copied for `graphs`. */
  documents: number;
  ok: boolean;
}

export interface BuiltCatalog {
  graph: KnowledgeGraph;
  /** Tools in the loaded graph (subjects typed mdkg:Tool). */
  tools: number;
  /** Their `name` and `source/name` forms, to check the labels against. */
  toolNames: Set<string>;
  entries: CatalogEntryReport[];
  generateMs: number;
  loadMs: number;
  /** Generation and load problems. */
  diagnostics: Diagnostic[];
  /** Removes the temp folder. Safe to call twice. */
  dispose(): Promise<void>;
}

/** Most Markdown files copied from one `graphs` entry. */
const MAX_GRAPH_FILES = 200_000;

/** Copies the `*.md` files under `from` (skipping dot folders and symlinks) to `to`; returns the count. */
async function copyMarkdown(from: string, to: string, budget: { left: number }): Promise<number> {
  let count = 0;
  const entries = await readdir(from, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) count += await copyMarkdown(join(from, entry.name), join(to, entry.name), budget);
    else if (entry.isFile() && entry.name.endsWith('.md')) {
      if (budget.left <= 0) throw new MdkgError('MDKG_DATASET_INVALID', `more than ${MAX_GRAPH_FILES} Markdown files in a graphs entry`, { file: from });
      budget.left -= 1;
      await mkdir(to, { recursive: true });
      await copyFile(join(from, entry.name), join(to, entry.name));
      count += 1;
    }
  }
  return count;
}

/** Names of the tools in the graph: `name` and `source/name` (mdkg:name, mdkg:source). */
function toolNamesOf(graph: KnowledgeGraph): { tools: number; names: Set<string> } {
  const { namedNode } = DataFactory;
  const store = graph.store;
  const names = new Set<string>();
  const subjects = new Set(store.getQuads(null, namedNode(RDF_TYPE), namedNode(`${MDKG}Tool`)).map((q) => q.subject.value));
  for (const subject of subjects) {
    const name = store.getQuads(namedNode(subject), namedNode(`${MDKG}name`))[0]?.object.value;
    const source = store.getQuads(namedNode(subject), namedNode(`${MDKG}source`))[0]?.object.value;
    if (name === undefined) continue;
    names.add(name);
    if (source !== undefined) names.add(`${source}/${name}`);
  }
  return { tools: subjects.size, names };
}

/**
 * Generates the tool documents of every `mcp-tools` and `openapi` entry into
 * `<tmp>/tools/<source>/` and copies the Markdown of every `graphs` entry to `<tmp>/graphs/<source>/`,
 * then loads the temp folder (no cache). An entry that fails makes the whole build fail with
 * MDKG_DATASET_INVALID (scores over part of a catalog would mislead); its diagnostics are in
 * `details.diagnostics`. The temp folder is removed on failure, and by `dispose()` otherwise.
 */
export async function buildCatalog(dataset: Dataset): Promise<BuiltCatalog> {
  // Folders of earlier bench runs that were killed (their process is gone) are removed first.
  sweepStale(tmpdir(), BENCH_TEMP);
  const tmp = await mkdtemp(join(tmpdir(), `mdkg-bench-${process.pid}-`));
  const untrack = track(tmp);
  const dispose = async (): Promise<void> => {
    await rm(tmp, { recursive: true, force: true });
    untrack();
  };
  try {
    const t0 = performance.now();
    const diagnostics: Diagnostic[] = [];
    const entries: CatalogEntryReport[] = [];
    const tools: ToolSource[] = dataset.catalog.flatMap((e): ToolSource[] => (e.type === 'graphs' ? [] : [{ id: e.source, kind: e.type, file: e.resolved }]));
    const reports = await generateTools(tools, { outDir: join(tmp, 'root', 'tools'), cwd: dataset.root });
    const budget = { left: MAX_GRAPH_FILES };
    for (const entry of dataset.catalog) {
      const base = { type: entry.type, path: entry.path, source: entry.source };
      if (entry.type === 'graphs') {
        entries.push({ ...base, documents: await copyMarkdown(entry.resolved, join(tmp, 'root', 'graphs', entry.source), budget), ok: true });
        continue;
      }
      const report = reports.find((r) => r.source === entry.source);
      for (const d of report?.diagnostics ?? []) diagnostics.push({ ...d, message: `${entry.source}: ${d.message}`, file: d.file ?? entry.path });
      entries.push({ ...base, documents: report?.tools ?? 0, ok: report?.ok ?? false });
    }
    const failed = entries.filter((e) => !e.ok);
    if (failed.length > 0) {
      throw new MdkgError(
        'MDKG_DATASET_INVALID',
        `catalog entr${failed.length === 1 ? 'y' : 'ies'} ${failed.map((e) => `'${e.path}'`).join(', ')} could not be generated`,
        { file: failed[0]?.path, diagnostics },
      );
    }
    const generateMs = performance.now() - t0;
    const t1 = performance.now();
    await mkdir(join(tmp, 'root'), { recursive: true });
    const graph = await KnowledgeGraph.load(join(tmp, 'root'), { cache: false });
    const loadMs = performance.now() - t1;
    diagnostics.push(...graph.diagnostics.filter((d) => d.severity !== 'info'));
    const { tools: count, names } = toolNamesOf(graph);
    return { graph, tools: count, toolNames: names, entries, generateMs, loadMs, diagnostics, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
