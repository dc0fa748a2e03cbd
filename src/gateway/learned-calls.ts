// learn_pair and validate_symbol_relevance: the learned-pairs meta-tools (docs/learned-pairs.md).
// learn_pair writes a document under <graphs>/learned/, then the gateway reloads its graph and
// rebuilds its search, so the next search_tools already ranks with the pair.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isMdkgError } from '../errors.js';
import { learnPair } from '../learned/learn-pair.js';
import { openLearnedPairs } from '../learned/open-pairs.js';
import { validateSymbolRelevance } from '../learned/relevance.js';
import type { EmbeddingProvider } from '../search/vector/provider.js';
import { reindex, type Gateway } from './gateway.js';
import { fail, ok } from './tool-calls.js';

export async function learnPairCall(gw: Gateway, args: { term: string; target: string; code_evidence?: string }): Promise<CallToolResult> {
  const kg = await gw.graph();
  let report: ReturnType<typeof learnPair>;
  try {
    report = learnPair(kg.store, gw.graphsDir, args);
  } catch (error) {
    if (isMdkgError(error)) return fail(`${error.code} ${error.message}`, { code: error.code });
    throw error;
  }
  await reindex(gw);
  const pairs = gw.index.learnedDiagnostics.filter((d) => d.file === report.path);
  return ok({ ...report, diagnostics: pairs });
}

export async function validateSymbolRelevanceCall(gw: Gateway, args: { term: string; symbols: string[] }): Promise<CallToolResult> {
  const kg = await gw.graph();
  const { pairs, diagnostics } = openLearnedPairs(kg.store, gw.config);
  let provider: EmbeddingProvider | undefined;
  if (gw.config.embeddings !== undefined) {
    const { makeProvider } = await import('../search/vector/providers.js');
    provider = (await makeProvider(gw.config.embeddings, process.env, gw.cwd)).provider;
  }
  try {
    const report = await validateSymbolRelevance(kg.store, args.term, args.symbols, { pairs, ...(provider === undefined ? {} : { provider }) });
    return ok({ ...report, diagnostics: diagnostics.slice(0, 20) });
  } catch (error) {
    if (isMdkgError(error)) return fail(`${error.code} ${error.message}`, { code: error.code });
    throw error;
  }
}
