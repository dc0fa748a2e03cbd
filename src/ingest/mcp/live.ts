import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, PaginatedResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { MdkgCode } from '../../errors.js';
import type { IngestResult } from '../types.js';
import { convertMcpTools } from './convert.js';
import { checkServerConfig, describeServer, openTransport, type LiveServerConfig, type OpenedTransport } from './live-transport.js';
import { serverWords, type ServerWords } from './server-words.js';
import { PACKAGE_VERSION } from '../../version.js';

export type { HttpServerConfig, LiveServerConfig, StdioServerConfig } from './live-transport.js';

export const DEFAULT_LIVE_TIMEOUT_MS = 15_000;
/** `tools/list` pages followed at most; a server still sending cursors after that has failed. */
export const MAX_TOOL_PAGES = 1000;
/** Time allowed for closing the connection (ending the child) after the work is done. */
const CLOSE_BUDGET_MS = 5_000;

export interface ListLiveToolsOptions {
  /** Source id (namespace) of the tools. */
  source: string;
  /** Budget for the whole exchange: start, initialize and every `tools/list` page. Default 15 s. */
  timeoutMs?: number;
  /** Directory a stdio server's relative `cwd` is resolved against (default: the process's). */
  cwd?: string;
  /** Page cap; default MAX_TOOL_PAGES. */
  maxPages?: number;
}

class Deadline extends Error {}
class Broken extends Error {}

/**
 * Lists the tools of a live MCP server (stdio child or Streamable HTTP) with the SDK client,
 * following `nextCursor` pages, and converts them like a tool-list file; `server` holds what the
 * server said about itself in `initialize` (name, title, version, instructions). Never throws: a server
 * that fails to start, exits, breaks the protocol or loops is one MDKG_SOURCE_FAILED diagnostic,
 * one that does not answer in time MDKG_SOURCE_TIMEOUT, and either way no tools are returned (a
 * partial list would look like removed tools). The child is always ended and the client closed.
 */
export async function listLiveTools(server: LiveServerConfig, options: ListLiveToolsOptions): Promise<IngestResult & { server?: ServerWords }> {
  const { source } = options;
  const timeoutMs = budgetOf(options.timeoutMs);
  const fail = (code: MdkgCode, message: string): IngestResult => ({ source, tools: [], diagnostics: [{ code, severity: 'error', message }] });
  const invalid = checkServerConfig(server);
  if (invalid !== undefined) return fail('MDKG_SOURCE_INVALID', `source "${source}": bad server config: ${invalid}`);
  const label = `source "${source}" (${describeServer(server)})`;

  const opened = openTransport(server, options.cwd);
  const client = new Client({ name: 'mdkg', version: PACKAGE_VERSION }, { capabilities: {} });
  let lastError: string | undefined;
  client.onerror = (error) => (lastError = error.message);
  const state = { phase: 'url' in server ? 'connecting and initializing' : 'starting and initializing' };
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  try {
    const work = listAll(client, opened, state, deadline, options.maxPages ?? MAX_TOOL_PAGES);
    work.catch(() => {}); // it may settle after the deadline won
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Deadline()), timeoutMs);
    });
    const raw = await Promise.race([work, expired]);
    await Promise.race([opened.endSession().catch(() => {}), expired.catch(() => {})]);
    const converted = convertMcpTools(raw, { source });
    // What the server said about itself in `initialize` (read once it is connected).
    const words = serverWords(client.getServerVersion(), client.getInstructions());
    return { source, ...converted, ...(words === undefined ? {} : { server: words }) };
  } catch (error) {
    const seen = lastError; // what the transport reported before the failure, not while closing
    const timedOut = error instanceof Deadline || (error instanceof McpError && error.code === ErrorCode.RequestTimeout);
    if (timedOut) await opened.kill();
    await closeQuietly(client, opened);
    await opened.stderrSettled(500);
    const reason = describeError(error);
    const transportError = seen === undefined || reason.includes(seen) ? '' : ` (transport error: ${seen})`;
    const stderr = opened.stderrTail();
    const tail = `${transportError}${stderr === '' ? '' : `; stderr: ${stderr}`}`;
    if (timedOut) return fail('MDKG_SOURCE_TIMEOUT', `${label}: no answer within ${timeoutMs} ms while ${state.phase}${tail}`);
    return fail('MDKG_SOURCE_FAILED', `${label}: failed while ${state.phase}: ${reason}${tail}`);
  } finally {
    clearTimeout(timer);
    await closeQuietly(client, opened);
  }
}

/** A usable timer length: the default for a missing or non-positive value, at most what setTimeout takes. */
function budgetOf(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined || !(timeoutMs > 0)) return DEFAULT_LIVE_TIMEOUT_MS;
  return Math.min(Math.ceil(timeoutMs), 2 ** 31 - 1);
}

async function listAll(client: Client, opened: OpenedTransport, state: { phase: string }, deadline: number, maxPages: number): Promise<unknown[]> {
  const remaining = (): number => Math.max(1, deadline - Date.now());
  await client.connect(opened.transport, { timeout: remaining() });
  const raw: unknown[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    if (page > maxPages) throw new Broken(`the tool list did not end within ${maxPages} pages`);
    state.phase = page === 1 ? 'listing tools' : `listing tools (page ${page})`;
    const result = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, PaginatedResultSchema, {
      timeout: remaining(),
    });
    const tools = (result as { tools?: unknown }).tools;
    if (!Array.isArray(tools)) throw new Broken(`the tools/list result of page ${page} has no "tools" array`);
    for (const tool of tools) raw.push(tool);
    cursor = result.nextCursor;
    if (cursor === undefined) return raw;
    if (cursors.has(cursor)) throw new Broken(`the server sent cursor ${JSON.stringify(cursor)} twice (a paging loop)`);
    cursors.add(cursor);
  }
}

/** An error's message, with its HTTP status or its cause's message (`fetch failed (connect ECONNREFUSED …)`). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof StreamableHTTPError && error.code !== undefined) return `${error.message} (HTTP ${error.code})`;
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause === undefined || error.message.includes(cause) ? error.message : `${error.message} (${cause})`;
}

const closed = new WeakSet<Client>();

/** Closes the client (and so the transport and child) once, within CLOSE_BUDGET_MS; never throws. */
async function closeQuietly(client: Client, opened: OpenedTransport): Promise<void> {
  if (closed.has(client)) return;
  closed.add(client);
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<void>((done) => {
    timer = setTimeout(() => {
      void opened.kill().then(done);
    }, CLOSE_BUDGET_MS);
  });
  await Promise.race([client.close().catch(() => {}), budget]);
  clearTimeout(timer);
}
