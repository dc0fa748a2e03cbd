// search_code, search_by_symbol, get_file_structure, get_repo_map and reindex_codebase: the code
// requests (code-search/requests.ts) over the gateway's graph. Paths are confined to the
// repository root (the folder of the config); a path escape is an error result with its code.
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { codeIndexOfSliced } from '../code-search/code-index.js';
import { reindexCodebase } from '../code-search/reindex.js';
import {
  fileStructureRequest,
  repoMapRequest,
  searchBySymbolRequest,
  searchCodeRequest,
  similarPatternsRequest,
  type CodeContext,
} from '../code-search/requests.js';
import type { SymbolMatchMode } from '../code-search/types.js';
import { isMdkgError } from '../errors.js';
import { cacheDirProblem } from '../graph/cache-dir.js';
import type { Gateway } from './gateway.js';
import { fail, ok } from './tool-calls.js';

/** Runs a code request on the gateway's graph; with `index`, after the code index is built (in slices: the other clients are answered meanwhile). */
async function withCode(gw: Gateway, run: (ctx: CodeContext) => Promise<object> | object, index = true): Promise<CallToolResult> {
  try {
    const kg = await gw.graph();
    const code = index ? { index: await codeIndexOfSliced(kg.store) } : {};
    const ttl = gw.config.learned?.ttl_days;
    const e = gw.config.embeddings;
    // With embeddings configured: search_code's strategy (default auto) and get_similar_patterns use vectors, cached in <graphs>/.mdkg.
    const cacheDir = join(gw.graphsDir, '.mdkg');
    const cached = e !== undefined && (await cacheDirProblem(cacheDir)) === undefined;
    const vectors = e === undefined ? {} : { strategy: e.strategy ?? 'auto', embeddings: { config: e, configDir: gw.cwd, ...(cached ? { cacheDir } : {}) } };
    return ok({ ...(await run({ store: kg.store, ...code, root: gw.cwd, ...(ttl === undefined ? {} : { learnedTtlDays: ttl }), ...vectors })) });
  } catch (error) {
    if (isMdkgError(error)) return fail(`${error.code} ${error.message}`, { code: error.code });
    throw error;
  }
}

export function searchCodeCall(
  gw: Gateway,
  args: { query: string; limit?: number; path?: string; kind?: string; by?: 'symbol' | 'file' },
): Promise<CallToolResult> {
  return withCode(gw, (ctx) => searchCodeRequest(ctx, args));
}

export function searchBySymbolCall(gw: Gateway, args: { name: string; mode?: SymbolMatchMode; limit?: number }): Promise<CallToolResult> {
  return withCode(gw, (ctx) => searchBySymbolRequest(ctx, args));
}

export function fileStructureCall(gw: Gateway, args: { path?: string; depth?: number }): Promise<CallToolResult> {
  return withCode(gw, (ctx) => fileStructureRequest(ctx, args));
}

export function repoMapCall(gw: Gateway, args: { budget_tokens?: number; focus?: string[] }): Promise<CallToolResult> {
  return withCode(gw, (ctx) => repoMapRequest(ctx, args));
}

export function similarPatternsCall(gw: Gateway, args: { code_snippet: string; limit?: number }): Promise<CallToolResult> {
  return withCode(gw, (ctx) => similarPatternsRequest(ctx, args));
}

/** Regenerates the code documents of `gw.codeRoot` into `<graphs>/code` and refreshes the graph; clients hear of new resources. */
export async function reindexCall(gw: Gateway): Promise<CallToolResult> {
  if (gw.codeRoot === undefined) return fail('reindex_codebase needs a code root: start mdkg serve with --code-root <dir>');
  const codeRoot = gw.codeRoot;
  return withCode(
    gw,
    async () => {
      const kg = await gw.graph();
      const report = await reindexCodebase(kg, { projectDir: gw.cwd, graphsDir: gw.graphsDir, dir: codeRoot });
      const c = report.counts;
      if (c.added + c.updated + c.removed > 0) for (const session of gw.sessions) void session.server.sendResourceListChanged().catch(() => undefined);
      return report;
    },
    false,
  );
}
