// mdkg learn-pair and mdkg validate-symbol-relevance: the learned-pairs tools of issue 14 on the
// command line (the same as the learn_pair and validate_symbol_relevance meta-tools of mdkg serve).
import { parseArgs } from 'node:util';
import { MdkgError } from '../../errors.js';
import { learnPair } from '../../learned/learn-pair.js';
import { openLearnedPairs } from '../../learned/open-pairs.js';
import { validateSymbolRelevance } from '../../learned/relevance.js';
import type { EmbeddingProvider } from '../../search/vector/provider.js';
import { renderTable } from '../../util/table.js';
import { graphRoot } from '../graph-root.js';
import { GRAPH_OPTIONS, openGraph, reportLoadProblems } from '../context.js';
import { diagnosticLine, EXIT, type CliIo } from '../io.js';

export async function learnPairCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...GRAPH_OPTIONS, evidence: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (positionals.length !== 2)
    throw new MdkgError('MDKG_USAGE', 'mdkg learn-pair "<term>" <target> --evidence "<code evidence>" (see \'mdkg help learn-pair\')');
  const { kg } = await openGraph(io, { ...values, 'no-cache': true });
  reportLoadProblems(io, kg);
  const report = learnPair(kg.store, kg.root, {
    term: positionals[0]!,
    target: positionals[1]!,
    ...(values.evidence === undefined ? {} : { code_evidence: values.evidence }),
  });
  if (values.json === true) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else
    io.stdout(
      `${report.replaced ? 'relearned' : 'learned'} '${report.term}' -> ${report.target} (${report.targetKind}, similarity ${report.similarity.toFixed(2)})\nwrote ${report.path}\n`,
    );
  return EXIT.ok;
}

export async function validateSymbolRelevanceCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...GRAPH_OPTIONS, json: { type: 'boolean' } } });
  if (positionals.length < 2)
    throw new MdkgError('MDKG_USAGE', 'mdkg validate-symbol-relevance "<term>" <symbol> [<symbol>...] (see \'mdkg help validate-symbol-relevance\')');
  const { kg, config } = await openGraph(io, values);
  reportLoadProblems(io, kg);
  const pairs = openLearnedPairs(kg.store, config);
  for (const d of pairs.diagnostics) io.stderr(`${diagnosticLine(d)}\n`);
  // With embeddings configured the cosine of the term and each target's text counts too (as in mdkg serve).
  let provider: EmbeddingProvider | undefined;
  if (config.embeddings !== undefined) {
    const { makeProvider } = await import('../../search/vector/providers.js');
    const made = await makeProvider(config.embeddings, process.env, (await graphRoot(io, values)).configDir);
    if (made.diagnostic !== undefined) io.stderr(`${diagnosticLine(made.diagnostic)}\n`);
    provider = made.provider;
  }
  const report = await validateSymbolRelevance(kg.store, positionals[0]!, positionals.slice(1), {
    pairs: pairs.pairs,
    ...(provider === undefined ? {} : { provider }),
  });
  if (values.json === true) {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    return EXIT.ok;
  }
  const rows = report.results.map((r) => [
    r.symbol,
    r.target ?? '-',
    r.similarity.toFixed(2),
    r.verdict,
    r.risk,
    r.matched.join(' ') || (r.note ?? ''),
    r.learned === undefined ? '' : `'${r.learned.term}'`,
  ]);
  let out = renderTable(['symbol', 'target', 'sim', 'verdict', 'risk', 'matched', 'learned'], rows);
  const guidance = report.results.find((r) => r.guidance !== undefined)?.guidance;
  if (guidance !== undefined) out += `\nnext searches:\n${guidance.map((g) => `  ${g}`).join('\n')}\n`;
  if (report.pairs.length > 0)
    out += `\nlearned pairs:\n${report.pairs.map((p) => `  '${p.term}' -> ${p.target} (${p.how}, weight ${p.weight}, learned ${p.learnedAt})`).join('\n')}\n`;
  io.stdout(out);
  return EXIT.ok;
}
