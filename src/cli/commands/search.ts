import { parseArgs } from 'node:util';
import { type Diagnostic, MdkgError } from '../../errors.js';
import { openToolIndex } from '../../search/open-index.js';
import { ALL_STRATEGIES, type SearchHit, type SearchResult, type Strategy } from '../../search/types.js';
import { cacheDirProblem } from '../../graph/cache-dir.js';
import { join } from 'node:path';
import { renderTable } from '../../util/table.js';
import { escapeForTerminal } from '../../util/terminal-text.js';
import { GRAPH_OPTIONS, graphRoot } from '../graph-root.js';
import { diagnosticLine, EXIT, type CliIo, reportLoadProblems } from '../io.js';
import { readInputFile, readInputStdin } from '../read-input.js';

/** A ten-cell bar for a confidence in [0, 1]. */
function confidenceBar(value: number): string {
  const filled = Math.round(Math.min(1, Math.max(0, value)) * 10);
  return '█'.repeat(filled) + '░'.repeat(10 - filled);
}

function annotationText(hit: SearchHit): string {
  const a = hit.annotations;
  if (a.destructiveHint === true) return 'destructive';
  if (a.readOnlyHint === true) return 'read-only';
  if (a.readOnlyHint === false) return 'write';
  return '';
}

function evidenceText(hit: SearchHit): string {
  const parts: string[] = [];
  for (const e of hit.evidence) {
    if (e.matched !== undefined && e.matched.length > 0) parts.push(e.matched.map((m) => m.term).join(' '));
    if (e.corrected !== undefined && e.corrected.length > 0) parts.push(e.corrected.map((c) => `${c.from}→${c.to}`).join(' '));
    if (e.path !== undefined) parts.push(`via ${e.path.from} (${e.path.relations.join('/')}, ${e.path.confidence})`);
    if (e.cosine !== undefined) parts.push(`cosine ${e.cosine.toFixed(2)}`);
    if (e.pair !== undefined) parts.push(`learned '${e.pair.term}'${e.pair.how === 'fuzzy' ? ' (fuzzy)' : ''}`);
  }
  return parts.join('; ');
}

function renderResult(result: SearchResult, explain: boolean): string {
  return escapeForTerminal(renderRaw(result, explain), { keepNewlines: true });
}

/** Cells are escaped by renderTable; the rest, escaped as a whole by renderResult, keeps its line breaks. */
function renderRaw(result: SearchResult, explain: boolean): string {
  if (result.hits.length === 0) return 'no tools found\n';
  let rank = 0;
  const rows = result.hits.map((h) => [
    h.prerequisiteOf === undefined ? String((rank += 1)) : '↳',
    h.id,
    h.confidence.toFixed(2),
    confidenceBar(h.confidence),
    annotationText(h),
    h.required.join(', '),
    h.prerequisiteOf === undefined ? evidenceText(h) : `required by ${h.prerequisiteOf}`,
  ]);
  let out = renderTable(['#', 'tool', 'conf', '', 'kind', 'required', 'evidence'], rows);
  out += `intent: ${result.intent} · strategy: ${result.strategy} · mode: ${result.mode}\n`;
  if (explain) {
    for (const h of result.hits) {
      out += `\n${h.id}  score ${h.score}\n`;
      for (const e of h.evidence) out += `  ${e.source.padEnd(11)} rank ${e.rank}  ${JSON.stringify({ ...e, source: undefined, rank: undefined })}\n`;
      if (h.features !== undefined) out += `  features    ${JSON.stringify(h.features)}\n`;
      if (h.nextSteps.length > 0) out += `  next steps  ${h.nextSteps.join(', ')}\n`;
      if (h.related.length > 0) out += `  related     ${h.related.join(', ')}\n`;
    }
    out += `\nReproduce the evidence with: mdkg query --file <file with the query below>\n${result.sparql}\n`;
  }
  return out;
}

/** A request file or stdin is read up to this many bytes (the search itself reads its first 1000 characters). */
const MAX_REQUEST_BYTES = 1024 * 1024;

/** The request: the words given, `--file <path>`, or stdin (`-`, or no words while stdin is not a terminal). */
export async function readRequest(io: CliIo, words: readonly string[], file: string | undefined): Promise<string> {
  if (file !== undefined && words.length > 0) throw new MdkgError('MDKG_USAGE', 'give the request as words or with --file, not both');
  if (file !== undefined) return readInputFile(io, file, MAX_REQUEST_BYTES);
  if ((words.length === 1 && words[0] === '-') || (words.length === 0 && io.readStdin !== undefined && io.stdinIsTTY !== true))
    return readInputStdin(io, MAX_REQUEST_BYTES);
  return words.join(' ');
}

export async function searchCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...GRAPH_OPTIONS,
      file: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      explain: { type: 'boolean' },
      strategy: { type: 'string' },
      prerequisites: { type: 'boolean' },
    },
  });
  const query = await readRequest(io, positionals, values.file);
  if (query.trim() === '')
    throw new MdkgError('MDKG_USAGE', 'no query: mdkg search "<what you want to do>", --file <path>, or - for stdin (see \'mdkg help search\')');
  const limit = values.limit === undefined ? 5 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new MdkgError('MDKG_USAGE', `--limit must be an integer from 1 to 100, got '${values.limit}'`);
  if (values.strategy !== undefined && !(ALL_STRATEGIES as readonly string[]).includes(values.strategy))
    throw new MdkgError('MDKG_USAGE', `unknown strategy '${values.strategy}' (known: ${ALL_STRATEGIES.join(', ')})`);
  // The persisted index when it is current (a warm search loads no parser); else the graph.
  const { root, config, configDir } = await graphRoot(io, values);
  // With embeddings configured the default is theirs (auto unless set); else lexical, as always.
  const strategy = (values.strategy ?? (config.embeddings === undefined ? 'full' : (config.embeddings.strategy ?? 'auto'))) as Strategy;
  const vectors = strategy === 'vector' || strategy === 'hybrid' || strategy === 'auto';
  const progress = io.isTTY ? (done: number, total: number) => io.stderr(`\rloading ${done}/${total} documents`) : undefined;
  const opened = await openToolIndex(root, {
    cache: values['no-cache'] !== true,
    ...(config.search === undefined ? {} : { overrides: config.search }),
    ...(config.learned?.ttl_days === undefined ? {} : { learned: { ttlDays: config.learned.ttl_days } }),
    ...(progress === undefined ? {} : { onProgress: progress }),
    // With embeddings configured every strategy shares one persisted index (with the embedding
    // texts), so switching strategies does not rebuild it each time.
    ...(vectors || config.embeddings !== undefined ? { vectorTexts: true } : {}),
  });
  if (progress !== undefined && !opened.warm) io.stderr('\r\u001b[K');
  reportLoadProblems(io, opened);
  let index = opened.index;
  const notes: Diagnostic[] = [];
  if (vectors) {
    // Loaded only for a vector strategy: the vector code and the model stay out of lexical searches.
    const { attachVectors } = await import('../../search/attach-vectors.js');
    const cacheDir = values['no-cache'] === true || (await cacheDirProblem(join(root, '.mdkg'))) !== undefined ? undefined : join(root, '.mdkg');
    const attached = await attachVectors(index, config.embeddings, { configDir, ...(cacheDir === undefined ? {} : { cacheDir }) });
    index = attached.index;
    notes.push(...attached.diagnostics);
  }
  let searched = await index.search(query, { limit, strategy, explain: values.explain === true });
  if (values.prerequisites === true) {
    // Prerequisites read the graph's edges and fields: the graph is loaded (the cold path has it).
    const [{ openPlanSource }, { withPrerequisites }] = await Promise.all([import('../plan-source.js'), import('../../plan/prerequisites.js')]);
    const source = await openPlanSource(io, root, config, values['no-cache'] !== true, opened);
    searched = withPrerequisites({ index, graph: source.graph }, searched);
  }
  const result = notes.length === 0 ? searched : { ...searched, diagnostics: [...notes, ...searched.diagnostics] };
  if (values.json === true) {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    for (const d of result.diagnostics) io.stderr(`${diagnosticLine(d)}\n`);
    io.stdout(renderResult(result, values.explain === true));
  }
  return result.diagnostics.some((d) => d.severity === 'error') ? EXIT.failed : EXIT.ok;
}
