import { parseArgs } from 'node:util';
import { MdkgError } from '../../errors.js';
import { graphSearch } from '../../search/graph-search/graph-search.js';
import { renderTable } from '../../util/table.js';
import { escapeForTerminal } from '../../util/terminal-text.js';
import { GRAPH_OPTIONS, openGraph, reportLoadProblems } from '../context.js';
import { diagnosticLine, EXIT, type CliIo } from '../io.js';

export async function graphSearchCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...GRAPH_OPTIONS,
      limit: { type: 'string' },
      json: { type: 'boolean' },
      service: { type: 'string', multiple: true },
      'allow-service': { type: 'string', multiple: true },
      timeout: { type: 'string' },
      'show-sparql': { type: 'boolean' },
    },
  });
  const query = positionals.join(' ');
  if (query.trim() === '') throw new MdkgError('MDKG_USAGE', 'no query: mdkg graph-search "<words>" (see \'mdkg help graph-search\')');
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new MdkgError('MDKG_USAGE', `--limit must be an integer from 1 to 100, got '${values.limit}'`);
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
    throw new MdkgError('MDKG_USAGE', `--timeout must be a positive integer, got '${values.timeout}'`);
  const { kg, config } = await openGraph(io, values);
  reportLoadProblems(io, kg);
  const result = await graphSearch(kg, query, {
    limit,
    ...(values.service === undefined ? {} : { services: values.service }),
    allowServices: [...(config.sparql?.allow_services ?? []), ...(values['allow-service'] ?? [])],
    timeoutMs: timeoutMs ?? config.sparql?.timeout_ms ?? 30_000,
  });
  if (values.json === true) {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return result.diagnostics.some((d) => d.severity === 'error') ? EXIT.failed : EXIT.ok;
  }
  for (const d of result.diagnostics) io.stderr(`${diagnosticLine(d)}\n`);
  if (result.matches.length === 0) io.stdout('no matches\n');
  else {
    const rows = result.matches.map((m, i) => [
      String(i + 1),
      m.id,
      m.score.toFixed(2),
      m.matched.map((x) => `${x.word} (${x.predicates.join(', ')})`).join('; '),
      m.related
        .slice(0, 3)
        .map((r) => `${r.predicate} ${r.node}`)
        .join('; '),
    ]);
    io.stdout(renderTable(['#', 'node', 'score', 'matched', 'related'], rows));
  }
  if (values['show-sparql'] === true) io.stdout(`\n${escapeForTerminal(result.sparql, { keepNewlines: true })}\n`);
  return result.diagnostics.some((d) => d.severity === 'error') ? EXIT.failed : EXIT.ok;
}
