// The code-search commands, named as the gateway's meta-tools with dashes: search-code,
// search-by-symbol, get-file-structure, get-repo-map, get-similar-patterns and reindex-codebase. Each loads the graph,
// confines its path arguments to the repository root (the project folder, or --root) and prints a
// table for people or, with --json, the same object the meta-tool returns.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CodeContext } from '../../code-search/requests.js';
import type { CodeFileHit, CodeHit, CodeSearchBy, CodeStrategy, SymbolMatchMode } from '../../code-search/types.js';
import { cacheDirProblem } from '../../graph/cache-dir.js';
import { MdkgError } from '../../errors.js';
import { renderTable } from '../../util/table.js';
import { escapeForTerminal } from '../../util/terminal-text.js';
import { GRAPH_OPTIONS, graphRoot } from '../graph-root.js';
import { diagnosticLine, EXIT, type CliIo, reportLoadProblems } from '../io.js';
import { readInputFile, readInputStdin } from '../read-input.js';

const OPTIONS = { ...GRAPH_OPTIONS, json: { type: 'boolean' }, root: { type: 'string' } } as const;
const MODES: readonly SymbolMatchMode[] = ['exact', 'prefix', 'contains', 'fuzzy'];
const CODE_STRATEGIES: readonly CodeStrategy[] = ['lexical', 'vector', 'hybrid', 'auto'];

function integer(value: string | undefined, name: string, min: number, max: number, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new MdkgError('MDKG_USAGE', `--${name} must be an integer from ${min} to ${max}, got '${value}'`);
  return n;
}

/** The graph and the repository root (--root, else the project folder where the config is). */
async function open(
  io: CliIo,
  values: { graphs?: string | undefined; config?: string | undefined; 'no-cache'?: boolean | undefined; root?: string | undefined },
) {
  // The graph stack is loaded only when a command needs the graph (a warm search-code does not).
  const { openGraph } = await import('../context.js');
  const { kg, config } = await openGraph(io, values);
  reportLoadProblems(io, kg);
  const { configDir } = await graphRoot(io, values);
  const root = values.root === undefined ? configDir : resolve(io.cwd, values.root);
  const ttl = config.learned?.ttl_days;
  // With embeddings configured the code tools use vectors by default (strategy auto unless set); the vectors are cached in <graphs>/.mdkg.
  const cacheDir = join(kg.root, '.mdkg');
  const cached = values['no-cache'] !== true && (await cacheDirProblem(cacheDir)) === undefined;
  const embeddings = { ...(config.embeddings === undefined ? {} : { config: config.embeddings }), configDir, ...(cached ? { cacheDir } : {}) };
  const ctx: CodeContext = {
    store: kg.store,
    root,
    ...(ttl === undefined ? {} : { learnedTtlDays: ttl }),
    ...(config.embeddings === undefined ? {} : { strategy: config.embeddings.strategy ?? 'auto' }),
    embeddings,
  };
  return { kg, ctx };
}

/**
 * The context of search-code: the persisted code index (code-index-cache.ts) when current, so a warm
 * call loads no graph; else the graph loaded and indexed, then persisted. The load's problems are
 * reported either way.
 */
async function openIndexed(
  io: CliIo,
  values: { graphs?: string | undefined; config?: string | undefined; 'no-cache'?: boolean | undefined; root?: string | undefined },
): Promise<CodeContext> {
  const { root: graphs, config, configDir } = await graphRoot(io, values);
  const cacheDir = join(graphs, '.mdkg');
  const cached = values['no-cache'] !== true && (await cacheDirProblem(cacheDir)) === undefined;
  const { openCodeIndex } = await import('../../code-search/code-index-cache.js');
  const opened = await openCodeIndex(graphs, cached ? cacheDir : undefined, async () => {
    const { openGraph } = await import('../context.js');
    const { kg } = await openGraph(io, values);
    const { codeIndexOf } = await import('../../code-search/code-index.js');
    const { readPairRecords } = await import('../../search/learned/pair-records.js');
    return { index: codeIndexOf(kg.store), pairs: readPairRecords(kg.store).records, diagnostics: kg.diagnostics };
  });
  reportLoadProblems(io, { diagnostics: opened.loadDiagnostics });
  for (const d of opened.diagnostics) io.stderr(`${diagnosticLine(d)}\n`);
  const root = values.root === undefined ? configDir : resolve(io.cwd, values.root);
  const ttl = config.learned?.ttl_days;
  // A first vector run embeds every symbol: a progress line on stderr (count and estimate), cleared at the end.
  const { ProgressLine } = await import('../../util/progress-line.js');
  let line: InstanceType<typeof ProgressLine> | undefined;
  const onProgress = (done: number, total: number): void => {
    line ??= new ProgressLine({ what: 'code symbols', write: (t) => io.stderr(t), tty: io.isTTY === true, now: () => performance.now() });
    line.update(done, total);
    if (done === total) line.end();
  };
  const embeddings = { ...(config.embeddings === undefined ? {} : { config: config.embeddings }), configDir, ...(cached ? { cacheDir } : {}), onProgress };
  return {
    index: opened.index,
    pairs: opened.pairs,
    root,
    ...(ttl === undefined ? {} : { learnedTtlDays: ttl }),
    ...(config.embeddings === undefined ? {} : { strategy: config.embeddings.strategy ?? 'auto' }),
    embeddings,
  };
}

function print(io: CliIo, json: boolean, result: { diagnostics: { severity: string }[] } & Record<string, unknown>, text: () => string): number {
  if (json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else {
    for (const d of result.diagnostics) io.stderr(`${diagnosticLine(d as never)}\n`);
    io.stdout(escapeForTerminal(text(), { keepNewlines: true }));
  }
  return result.diagnostics.some((d) => d.severity === 'error') ? EXIT.failed : EXIT.ok;
}

function hitTable(hits: readonly CodeHit[]): string {
  if (hits.length === 0) return 'no symbols found\n';
  const rows = hits.map((h, i) => [String(i + 1), `${h.file}:${h.startLine}-${h.endLine}`, h.kind, h.qualifiedName, h.confidence.toFixed(2), h.snippet]);
  return renderTable(['#', 'where', 'kind', 'symbol', 'conf', 'snippet'], rows);
}

/** `path: sparql · file: query read-only`: the request's words in the path and in the file field (at most 6). */
function fileEvidence(f: CodeFileHit, query: string, requestWords: RequestWords): string {
  const parts = [];
  const inPath = requestWords(query, f.evidence.pathTerms);
  if (inPath.length > 0) parts.push(`path: ${inPath.join(' ')}`);
  const inFile = requestWords(query, f.evidence.fileTerms).filter((w) => !inPath.includes(w));
  if (inFile.length > 0) parts.push(`file: ${inFile.slice(0, 6).join(' ')}${inFile.length > 6 ? ' …' : ''}`);
  return parts.join(' · ');
}

type RequestWords = (query: string, matched: readonly string[]) => string[];

function fileTable(files: readonly CodeFileHit[], query: string, requestWords: RequestWords): string {
  if (files.length === 0) return 'no files found\n';
  const rows = files.flatMap((f, i) => [
    [String(i + 1), f.file, `${f.lines} lines`, f.confidence.toFixed(2), fileEvidence(f, query, requestWords)],
    ...f.symbols.map((h) => ['', `  :${h.startLine}-${h.endLine}`, h.kind, h.qualifiedName, h.snippet]),
  ]);
  return renderTable(['#', 'file / symbol', 'kind', 'name / conf', 'snippet'], rows);
}

export async function searchCodeCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...OPTIONS,
      limit: { type: 'string' },
      path: { type: 'string' },
      kind: { type: 'string' },
      strategy: { type: 'string' },
      by: { type: 'string' },
    },
  });
  const by = values.by as CodeSearchBy | undefined;
  if (by !== undefined && by !== 'file' && by !== 'symbol') throw new MdkgError('MDKG_USAGE', `--by must be file or symbol, got '${values.by}'`);
  const query = positionals.join(' ');
  const strategy = values.strategy as CodeStrategy | undefined;
  if (strategy !== undefined && !CODE_STRATEGIES.includes(strategy))
    throw new MdkgError('MDKG_USAGE', `--strategy must be one of ${CODE_STRATEGIES.join(', ')}, got '${values.strategy}'`);
  if (query.trim() === '') throw new MdkgError('MDKG_USAGE', 'no query: mdkg search-code "<what you look for>" (see \'mdkg help search-code\')');
  const limit = integer(values.limit, 'limit', 1, 100, 10);
  const ctx = await openIndexed(io, values);
  const { searchCodeRequest } = await import('../../code-search/requests.js');
  const result = await searchCodeRequest(ctx, {
    query,
    ...(limit === undefined ? {} : { limit }),
    ...(values.path === undefined ? {} : { path: values.path }),
    ...(values.kind === undefined ? {} : { kind: values.kind }),
    ...(strategy === undefined ? {} : { strategy }),
    ...(by === undefined ? {} : { by }),
  });
  // Loaded with the search (already in memory then), not at CLI start.
  const { requestWords } = await import('../../code-search/file-field.js');
  return print(io, values.json === true, { ...result }, () =>
    result.files === undefined ? hitTable(result.hits) : fileTable(result.files, result.query, requestWords),
  );
}

export async function searchBySymbolCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...OPTIONS, mode: { type: 'string' }, limit: { type: 'string' } } });
  const name = positionals.join(' ');
  if (name.trim() === '') throw new MdkgError('MDKG_USAGE', 'no name: mdkg search-by-symbol <name> [--mode exact|prefix|contains|fuzzy]');
  const mode = (values.mode ?? 'exact') as SymbolMatchMode;
  if (!MODES.includes(mode)) throw new MdkgError('MDKG_USAGE', `--mode must be one of ${MODES.join(', ')}, got '${values.mode}'`);
  const limit = integer(values.limit, 'limit', 1, 100, 20);
  const { ctx } = await open(io, values);
  const { searchBySymbolRequest } = await import('../../code-search/requests.js');
  const result = searchBySymbolRequest(ctx, { name, mode, ...(limit === undefined ? {} : { limit }) });
  return print(
    io,
    values.json === true,
    { ...result },
    () => hitTable(result.hits) + (result.total > result.hits.length ? `${result.total - result.hits.length} more (--limit)\n` : ''),
  );
}

export async function getFileStructureCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...OPTIONS, depth: { type: 'string' } } });
  if (positionals.length > 1) throw new MdkgError('MDKG_USAGE', 'one path at a time');
  const depth = integer(values.depth, 'depth', 0, 50);
  const { ctx } = await open(io, values);
  const { fileStructureRequest } = await import('../../code-search/requests.js');
  const result = await fileStructureRequest(ctx, {
    ...(positionals[0] === undefined ? {} : { path: positionals[0] }),
    ...(depth === undefined ? {} : { depth }),
  });
  return print(io, values.json === true, { ...result }, () => result.text);
}

export async function getRepoMapCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...OPTIONS, 'budget-tokens': { type: 'string' }, focus: { type: 'string', multiple: true } },
  });
  if (positionals.length > 0) throw new MdkgError('MDKG_USAGE', 'get-repo-map takes no words: --focus <file|symbol> (repeatable), --budget-tokens <n>');
  const budget = integer(values['budget-tokens'], 'budget-tokens', 64, 100_000);
  const { ctx } = await open(io, values);
  const { repoMapRequest } = await import('../../code-search/requests.js');
  const result = await repoMapRequest(ctx, { ...(budget === undefined ? {} : { budget_tokens: budget }), focus: values.focus ?? [] });
  return print(
    io,
    values.json === true,
    { ...result },
    () => `${result.text}(${result.symbols.length} symbols, ~${result.tokens} of ${result.budgetTokens} tokens)\n`,
  );
}

export async function reindexCodebaseCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...OPTIONS } });
  if (positionals.length > 1) throw new MdkgError('MDKG_USAGE', 'one folder at a time');
  const { kg, ctx } = await open(io, values);
  const { confinePath } = await import('../../code-search/confine-path.js');
  const dir = positionals[0] === undefined ? undefined : resolve(ctx.root, await confinePath(ctx.root, positionals[0]));
  const { reindexCodebase } = await import('../../code-search/reindex.js');
  const report = await reindexCodebase(kg, { projectDir: ctx.root, graphsDir: kg.root, ...(dir === undefined ? {} : { dir }) });
  return print(io, values.json === true, { ...report }, () => {
    const c = report.counts;
    const table = renderTable(
      ['files', 'parsed', 'symbols', 'added', 'updated', 'removed', 'unchanged'],
      [[report.files, report.parsed, report.symbols, c.added, c.updated, c.removed, c.unchanged].map(String)],
    );
    return `${table}generate ${report.generateMs} ms, reload ${report.reloadMs} ms\n`;
  });
}

/** Most bytes of a snippet read from --file or standard input. */
const MAX_SNIPPET_BYTES = 200_000;

export async function getSimilarPatternsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...OPTIONS, file: { type: 'string' }, limit: { type: 'string' } } });
  if (values.file !== undefined && positionals.length > 0)
    throw new MdkgError('MDKG_USAGE', 'give the snippet as words, with --file <path>, or as - for standard input; not two of them');
  const snippet =
    values.file !== undefined
      ? await readInputFile(io, values.file, MAX_SNIPPET_BYTES)
      : positionals.length === 1 && positionals[0] === '-'
        ? await readInputStdin(io, MAX_SNIPPET_BYTES)
        : positionals.join(' ');
  if (snippet.trim() === '')
    throw new MdkgError('MDKG_USAGE', "no snippet: mdkg get-similar-patterns '<code>' | --file <path> | - (see 'mdkg help get-similar-patterns')");
  const limit = integer(values.limit, 'limit', 1, 100, 10);
  const { ctx } = await open(io, values);
  const { similarPatternsRequest } = await import('../../code-search/requests.js');
  const result = await similarPatternsRequest(ctx, { code_snippet: snippet, ...(limit === undefined ? {} : { limit }) });
  // With embeddings the score blends in the cosine (similar-vectors.ts): shown as its own column.
  const withCosine = result.hits.some((h) => h.cosine !== undefined);
  return print(io, values.json === true, { ...result }, () =>
    result.hits.length === 0
      ? 'no similar code found\n'
      : renderTable(
          ['#', 'where', 'kind', 'symbol', 'score', 'jaccard', 'contained', ...(withCosine ? ['cosine'] : [])],
          result.hits.map((h, i) => [
            String(i + 1),
            `${h.file}:${h.startLine}-${h.endLine}`,
            h.kind,
            h.qualifiedName,
            h.score.toFixed(2),
            h.jaccard.toFixed(2),
            h.containment.toFixed(2),
            ...(withCosine ? [h.cosine?.toFixed(2) ?? ''] : []),
          ]),
        ),
  );
}
