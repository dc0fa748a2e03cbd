import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { renderDiagnostics, renderReport } from '../../bench/report.js';
import { MAX_LIMIT, runBench } from '../../bench/runner.js';
import { renderSvg } from '../../bench/svg.js';
import type { BenchProgress, MakeSearcher, Searcher } from '../../bench/types.js';
import { MdkgError } from '../../errors.js';
import { writeFileAtomic } from '../../graph/atomic-write.js';
import type { KnowledgeGraph } from '../../graph/knowledge-graph.js';
import { withPrerequisites } from '../../plan/prerequisites.js';
import { ToolIndex } from '../../search/tool-index.js';
import { jsonChunks } from '../../util/json-chunks.js';
import { escapeForTerminal } from '../../util/terminal-text.js';
import { writeChunksAtomic } from '../../util/write-chunks.js';
import { datasetDirs } from '../dataset-dirs.js';
import { checkOutputFile } from '../output-path.js';
import { ALL_STRATEGIES, STRATEGIES, type Strategy, VECTOR_STRATEGIES } from '../../search/types.js';
import { diagnosticLine, EXIT, type CliIo } from '../io.js';
import { loadConfig } from '../../config.js';

/** `--strategy a,b --strategy c` or `all`; the unknown names, if any. */
export function parseStrategies(values: readonly string[] | undefined): { strategies: Strategy[]; unknown: string[] } {
  if (values === undefined || values.length === 0) return { strategies: [...STRATEGIES], unknown: [] };
  const names = values
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.includes('all'))
    return {
      strategies: [...STRATEGIES, ...VECTOR_STRATEGIES.filter((s) => names.includes(s))],
      unknown: names.filter((s) => s !== 'all' && !(ALL_STRATEGIES as readonly string[]).includes(s)),
    };
  const unknown = names.filter((s) => !(ALL_STRATEGIES as readonly string[]).includes(s));
  const strategies = ALL_STRATEGIES.filter((s) => names.includes(s));
  return { strategies, unknown: strategies.length === 0 && unknown.length === 0 ? ['(none)'] : unknown };
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return 10;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT) throw new MdkgError('MDKG_USAGE', `--limit must be an integer from 1 to ${MAX_LIMIT}, got '${value}'`);
  return n;
}

/** A progress line on stderr, redrawn at most every 100 ms. */
function progressLine(io: CliIo): { tick: (e: BenchProgress) => void; end: () => void } {
  let last = 0;
  return {
    tick(e) {
      const now = performance.now();
      if (now - last < 100 && e.phase !== 'build' && e.query !== e.queries) return;
      last = now;
      const what = e.phase === 'build' ? 'building' : `${e.strategy ?? ''} ${e.phase === 'warm' ? 'warm-up' : 'query'} ${e.query ?? 0}/${e.queries ?? 0}`;
      io.stderr(`\rdataset ${e.dataset}/${e.datasets} ${escapeForTerminal(e.name)}: ${what}\u001b[K`);
    },
    end: () => io.stderr('\r\u001b[K'),
  };
}

/** The index as a bench searcher whose search + closure is the plan engine's prerequisites (each hit, then the tools it requires). */
function withClosure(index: ToolIndex, graph: KnowledgeGraph): Searcher {
  return { search: (query, options) => index.search(query, options), closure: (result) => withPrerequisites({ index, graph }, result) };
}

/**
 * The real index; with a vector strategy among `strategies`, with the tools' vectors from the
 * config's embeddings provider (use-lite when none is configured), built for each dataset.
 */
async function realSearcher(io: CliIo, strategies: readonly Strategy[], vectorCache: string | undefined): Promise<MakeSearcher> {
  if (!strategies.some((s) => s === 'vector' || s === 'hybrid' || s === 'auto')) return (graph) => withClosure(ToolIndex.build(graph), graph);
  const { config, dir } = await loadConfig(io.cwd, io.configFile);
  const { attachVectors } = await import('../../search/attach-vectors.js');
  // Without --vector-cache every catalog is embedded afresh, so build times include embedding.
  const cacheDir = vectorCache === undefined ? undefined : resolve(io.cwd, vectorCache);
  return async (graph) => {
    const out = await attachVectors(ToolIndex.build(graph, { vectorTexts: true }), config.embeddings, {
      configDir: dir,
      ...(cacheDir === undefined ? {} : { cacheDir }),
    });
    for (const d of out.diagnostics) io.stderr(`mdkg bench: ${diagnosticLine(d)}\n`);
    return withClosure(out.index, graph);
  };
}

/** `mdkg bench`; `makeSearcher` builds the real index unless a test gives another searcher. */
export async function benchCommand(args: string[], io: CliIo, given?: MakeSearcher): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      strategy: { type: 'string', multiple: true },
      limit: { type: 'string' },
      json: { type: 'string' },
      svg: { type: 'string' },
      quiet: { type: 'boolean' },
      'vector-cache': { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new MdkgError('MDKG_USAGE', "no dataset: give one or more dataset folders (see 'mdkg help bench')");
  const { strategies, unknown } = parseStrategies(values.strategy);
  if (unknown.length > 0) {
    io.stderr(`mdkg bench: MDKG_STRATEGY_UNKNOWN unknown strategy ${unknown.map((s) => `'${s}'`).join(', ')}; valid: ${ALL_STRATEGIES.join(', ')}, all\n`);
    return EXIT.usage;
  }
  const limit = parseLimit(values.limit);
  const makeSearcher = given ?? (await realSearcher(io, strategies, values['vector-cache']));
  const quiet = values.quiet === true;
  const progress = !quiet && io.stderrIsTTY === true ? progressLine(io) : undefined;
  // Output paths are checked before the run, which can take long, not after it.
  const jsonOut = values.json === undefined || values.json === '-' ? undefined : await checkOutputFile(io, values.json, '--json');
  const svgOut = values.svg === undefined ? undefined : await checkOutputFile(io, values.svg, '--svg');
  const { dirs, notes } = await datasetDirs(positionals, io.cwd);
  for (const note of notes) io.stderr(`mdkg bench: ${note}\n`);
  if (dirs.length === 0) throw new MdkgError('MDKG_USAGE', 'no dataset folder among the arguments (a dataset folder holds dataset.json)');
  const report = await runBench(dirs, {
    strategies,
    limit,
    cwd: io.cwd,
    makeSearcher,
    ...(progress === undefined ? {} : { onProgress: progress.tick }),
  });
  progress?.end();
  if (!quiet) io.stderr(renderDiagnostics(report));
  for (const d of report.datasets)
    if (d.status === 'failed') io.stderr(`mdkg bench: ${escapeForTerminal(`${d.dir}: ${d.error?.code ?? 'ERROR'} ${d.error?.message ?? ''}`)}\n`);
  // The report can outgrow one string (100,000 queries x 5 strategies x 10 hits): it is written
  // in chunks, and only when asked for.
  const json = function* (): Generator<string> {
    yield* jsonChunks(report);
    yield '\n';
  };
  if (values.json === '-') for (const chunk of json()) io.stdout(chunk);
  else {
    if (jsonOut !== undefined) await writeChunksAtomic(jsonOut, json());
    io.stdout(renderReport(report));
  }
  if (svgOut !== undefined) {
    const names = report.datasets.filter((d) => d.status === 'ok').map((d) => d.name);
    const title = `mdkg bench: ${names.length === 1 ? (names[0] ?? '') : `${names.length} datasets`}, Recall@5 and Hit@1 by strategy`;
    await writeFileAtomic(svgOut, renderSvg(report, { title }));
  }
  return report.datasets.every((d) => d.status === 'ok') ? EXIT.ok : EXIT.failed;
}
