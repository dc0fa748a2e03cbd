import { parseArgs } from 'node:util';
import { MdkgError } from '../../errors.js';
import { writeFileAtomic } from '../../graph/atomic-write.js';
import { localGraphs, toNQuads } from '../../store/local-graphs.js';
import { MANIFEST_GRAPH, manifestBody } from '../../store/manifest.js';
import { checkDrift, pushGraph, type PushReport } from '../../store/push.js';
import { escapeForTerminal } from '../../util/terminal-text.js';
import { GRAPH_OPTIONS, openGraph, reportLoadProblems } from '../context.js';
import { VERSION } from '../help.js';
import { diagnosticLine, EXIT, type CliIo } from '../io.js';
import { checkOutputFile } from '../output-path.js';
import { STORE_OPTIONS, storeClient } from '../store-target.js';

/** Progress lines at most this often (ms) on a terminal; elsewhere only the summary. */
const PROGRESS_EVERY_MS = 250;

function summary(report: PushReport, url: string): string {
  const { put, remove, unchanged } = report.plan;
  const isNew = put.filter((p) => p.reason === 'new').length;
  const verb = report.dryRun ? 'would push' : 'pushed';
  return `${verb} ${put.length} graphs (${isNew} new, ${put.length - isNew} changed), ${report.dryRun ? 'would delete' : 'deleted'} ${remove.length}, ${unchanged} unchanged: ${escapeForTerminal(url)}\n`;
}

export async function pushCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { ...GRAPH_OPTIONS, ...STORE_OPTIONS, 'dry-run': { type: 'boolean' }, check: { type: 'boolean' }, bulk: { type: 'string' } },
  });
  const modes = ['dry-run', 'check', 'bulk'].filter((m) => values[m as 'check'] !== undefined && values[m as 'check'] !== false);
  if (modes.length > 1) throw new MdkgError('MDKG_USAGE', `give one of --${modes.join(', --')}`);
  const bulkOut = values.bulk === undefined ? undefined : await checkOutputFile(io, values.bulk, '--bulk');
  const { kg, config } = await openGraph(io, values);
  reportLoadProblems(io, kg);
  if (bulkOut !== undefined) {
    // The bulk file holds the manifest too: a push after loading it sends only what changed since.
    const graphs = localGraphs(kg);
    const manifest = manifestBody(graphs, kg.profile, new Date(), VERSION)
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => `${l.slice(0, -2)} <${MANIFEST_GRAPH}> .\n`)
      .join('');
    await writeFileAtomic(bulkOut, [Buffer.from(toNQuads(graphs)), Buffer.from(manifest)]);
    io.stderr(`wrote ${graphs.length} graphs and the manifest to ${escapeForTerminal(values.bulk ?? bulkOut)}\n`);
    return EXIT.ok;
  }
  const client = storeClient(io, config, values);
  if (values.check === true) {
    const drift = await checkDrift(client, kg);
    for (const [kind, iris] of [
      ['differ', drift.differ],
      ['missing', drift.missing],
      ['extra', drift.extra],
    ] as const)
      for (const iri of iris) io.stdout(`${kind} ${escapeForTerminal(iri)}\n`);
    const n = drift.differ.length + drift.missing.length + drift.extra.length;
    if (n === 0) {
      io.stdout(`in step: ${kg.documents().filter((d) => d.loaded).length} graphs, last push ${drift.pushedAt ?? 'never'}\n`);
      return EXIT.ok;
    }
    const message = `${n} graphs out of step (${drift.differ.length} differ, ${drift.missing.length} missing, ${drift.extra.length} extra); run mdkg push`;
    io.stderr(`${diagnosticLine({ code: 'MDKG_STORE_DRIFT', severity: 'error', message })}\n`);
    return EXIT.failed;
  }
  let last = 0;
  const progress =
    io.stderrIsTTY === true
      ? (done: number, total: number) => {
          const now = performance.now();
          if (done < total && now - last < PROGRESS_EVERY_MS) return;
          last = now;
          io.stderr(`\rpushing ${done}/${total} graphs${done === total ? '\n' : ''}`);
        }
      : undefined;
  const report = await pushGraph(client, kg, {
    dryRun: values['dry-run'] === true,
    mdkgVersion: VERSION,
    ...(progress === undefined ? {} : { onProgress: progress }),
  });
  if (report.dryRun) {
    for (const p of report.plan.put) io.stdout(`put ${p.reason} ${escapeForTerminal(p.graph.iri)} (${escapeForTerminal(p.graph.path)})\n`);
    for (const iri of report.plan.remove) io.stdout(`delete ${escapeForTerminal(iri)}\n`);
  }
  io.stdout(summary(report, client.target.queryUrl));
  return EXIT.ok;
}
