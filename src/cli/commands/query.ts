import { parseArgs } from 'node:util';
import { MdkgError } from '../../errors.js';
import { serializeQuads } from '../../rdf/serialize.js';
import { formatBindings } from '../../sparql/format.js';
import { MAX_QUERY_CHARS, MAX_TIMEOUT_MS, runQuery } from '../../sparql/run.js';
import { queryWorkersSettled, warmQueryWorkers } from '../../sparql/worker-pool.js';
import { loadConfig } from '../../config.js';
import type { QueryOptions, QueryResult } from '../../sparql/types.js';
import { GRAPH_OPTIONS, openGraph, reportLoadProblems } from '../context.js';
import { remoteGraph, STORE_OPTIONS, wantsStore } from '../store-target.js';
import { diagnosticLine, EXIT, type CliIo } from '../io.js';
import { readInputFile, readInputStdin } from '../read-input.js';

const RESULT_FORMATS = ['table', 'json', 'csv', 'tsv'] as const;
const GRAPH_FORMATS = ['ttl', 'nq'] as const;
/** A query file or stdin is read up to this many bytes (MAX_QUERY_CHARS characters of up to 4 bytes). */
const MAX_QUERY_BYTES = 4 * MAX_QUERY_CHARS;

function positiveInt(value: string | undefined, flag: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new MdkgError('MDKG_USAGE', `${flag} must be a positive integer, got '${value}'`);
  if (n > max) throw new MdkgError('MDKG_USAGE', `${flag} must be at most ${max}, got '${value}'`);
  return n;
}

async function readQuery(io: CliIo, positional: string | undefined, file: string | undefined): Promise<string> {
  if (file !== undefined && positional !== undefined) throw new MdkgError('MDKG_USAGE', 'give the query as an argument or with --file, not both');
  if (file !== undefined) return readInputFile(io, file, MAX_QUERY_BYTES);
  if (positional === '-') return readInputStdin(io, MAX_QUERY_BYTES);
  if (positional === undefined || positional.trim() === '')
    throw new MdkgError('MDKG_USAGE', "no query: give one as an argument, with --file, or '-' for stdin (see 'mdkg help query')");
  return positional;
}

export async function queryCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...GRAPH_OPTIONS,
      ...STORE_OPTIONS,
      file: { type: 'string' },
      format: { type: 'string' },
      timeout: { type: 'string' },
      limit: { type: 'string' },
      'allow-service': { type: 'string', multiple: true },
    },
  });
  if (positionals.length > 1) throw new MdkgError('MDKG_USAGE', `one query at a time (got ${positionals.length} arguments; quote the query)`);
  const format = values.format;
  if (format !== undefined && !([...RESULT_FORMATS, ...GRAPH_FORMATS] as readonly string[]).includes(format)) {
    throw new MdkgError('MDKG_USAGE', `--format must be one of ${[...RESULT_FORMATS, ...GRAPH_FORMATS].join(', ')}`);
  }
  const timeoutMs = positiveInt(values.timeout, '--timeout', MAX_TIMEOUT_MS);
  const limit = positiveInt(values.limit, '--limit');
  const text = await readQuery(io, positionals[0], values.file);
  if (!wantsStore(values)) warmQueryWorkers();
  try {
    return await answer(io, values, text, { format, timeoutMs, limit });
  } finally {
    // Exiting while the warmed worker still loads its code would abort Node 20 (worker-pool.ts).
    await queryWorkersSettled();
  }
}

/** What a query runs on: the local graph, or a SPARQL server (--endpoint, --store). */
interface Target {
  query(text: string, options: QueryOptions): Promise<QueryResult>;
  prefixes: Record<string, string>;
}

async function openTarget(io: CliIo, values: Parameters<typeof openGraph>[1] & { endpoint?: string; store?: boolean }) {
  if (wantsStore(values)) {
    const { config } = await loadConfig(io.cwd, values.config ?? io.configFile);
    return { target: remoteGraph(io, config, values) as Target, config };
  }
  const { kg, config } = await openGraph(io, values);
  reportLoadProblems(io, kg);
  return { target: { query: (text: string, options: QueryOptions) => runQuery(kg, text, options), prefixes: kg.prefixes }, config };
}

async function answer(
  io: CliIo,
  values: Parameters<typeof openGraph>[1] & { 'allow-service'?: string[]; endpoint?: string; store?: boolean },
  text: string,
  { format, timeoutMs, limit }: { format: string | undefined; timeoutMs: number | undefined; limit: number | undefined },
): Promise<number> {
  const { target, config } = await openTarget(io, values);
  const result = await target.query(text, {
    timeoutMs: timeoutMs ?? config.sparql?.timeout_ms ?? 30_000,
    limit: limit ?? config.sparql?.limit ?? 10_000,
    allowServices: [...(config.sparql?.allow_services ?? []), ...(values['allow-service'] ?? [])],
  });
  for (const w of result.warnings) io.stderr(`${diagnosticLine(w)}\n`);
  if (result.kind === 'quads') {
    if (format !== undefined && !(GRAPH_FORMATS as readonly string[]).includes(format))
      throw new MdkgError('MDKG_USAGE', `CONSTRUCT and DESCRIBE results are graphs: use --format ttl or nq`);
    io.stdout(await serializeQuads(result.quads, format === 'nq' ? 'nquads' : 'turtle', target.prefixes));
    if (result.truncated) io.stderr(`warning: output truncated at ${limit ?? 10_000} triples (raise --limit)\n`);
    return EXIT.ok;
  }
  if (format !== undefined && !(RESULT_FORMATS as readonly string[]).includes(format))
    throw new MdkgError('MDKG_USAGE', `SELECT and ASK results are tables: use --format table, json, csv or tsv`);
  io.stdout(formatBindings(result, (format ?? (io.isTTY ? 'table' : 'table')) as (typeof RESULT_FORMATS)[number], target.prefixes));
  return EXIT.ok;
}
