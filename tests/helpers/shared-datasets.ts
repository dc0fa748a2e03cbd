// The graph-tool-call benchmark data, read in place from ../shared/datasets (never copied here).
// Tests that need it skip when the folder is absent.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMcpToolList } from '../../src/ingest/mcp/index.js';
import { readOpenApi } from '../../src/ingest/openapi/index.js';
import type { IngestResult } from '../../src/ingest/types.js';
import { REPO } from './cli.js';

export const GTC_BENCHMARKS = join(REPO, '../shared/datasets/graph-tool-call/benchmarks');
export const GTC_PRESENT = existsSync(GTC_BENCHMARKS);

/** The shared specs and MCP tool lists: [source id, file under GTC_BENCHMARKS, kind]. */
export const SHARED_CATALOGS: Array<[string, string, 'openapi' | 'mcp']> = [
  ...['petstore3', 'github_subset', 'ecommerce', 'k8s_core_v1'].map((f): [string, string, 'openapi'] => [f, `specs/${f}.json`, 'openapi']),
  ...['docker', 'filesystem', 'git', 'github', 'playwright', 'shell'].map((f): [string, string, 'mcp'] => [f, `mcp_tools/${f}.json`, 'mcp']),
];

/** Reads one shared catalog as `readOpenApi` or `readMcpToolList` does. */
export function readSharedCatalog(source: string, file: string, kind: 'openapi' | 'mcp'): IngestResult {
  const text = readFileSync(join(GTC_BENCHMARKS, file), 'utf8');
  return kind === 'openapi' ? readOpenApi(text, { source, file }) : readMcpToolList(text, { source, file });
}
