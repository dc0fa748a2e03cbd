// A first search that works: the meta-tools that read the tool index wait while a server is on its
// first connection and while listed tools are being regenerated and re-indexed (the gateway's
// queue), each for at most its server's connect timeout; then they answer with what is indexed,
// and search_tools says which servers are still connecting or down instead of an empty index that
// tells the user to do what the gateway is already doing.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Diagnostic } from '../errors.js';
import type { Downstream } from './downstream.js';
import type { Gateway } from './gateway.js';
import { resolveTool } from './resolve-tool.js';
import { errorText } from './state-log.js';
import type { Job } from './work-queue.js';

/** The meta-tools that wait for the index (the code tools read code documents, which no server writes). */
const WAITING = new Set([
  'search_tools',
  'plan_tools',
  'get_tool_schema',
  'call_tool',
  'graph_search',
  'graph_query',
  'graph_schema',
  'graph_export',
  'learn_pair',
  'validate_symbol_relevance',
]);

interface Blocker {
  deadline: number;
}

/** Past a server's own timeout, the time its supervisor takes to mark it down (so the answer says "down", not "connecting"). */
const GRACE_MS = 100;

/**
 * Whether readers of the index wait for a job: only when it brings what they lack (the first tools
 * of a server, any tools when none is indexed) or what the user changed (the config, the graph's
 * documents). A rebuild that one client asked for (index_build, a learned pair) or a server's
 * changed tool list is a refresh: the others are answered from the index as it is, never stalled.
 */
function blocks(job: Job, indexed: ReadonlySet<string>): boolean {
  if (indexed.size === 0) return true;
  if (job.source !== undefined) return !indexed.has(job.source);
  return job.label === 'config' || job.label === 'graph';
}

/** What the index is still waiting for: first connections of servers, then queued jobs (optionally of one source only). */
function blockers(gw: Gateway, source: string | undefined): Blocker[] {
  const out: Blocker[] = [];
  for (const [server, since] of gw.firstConnects)
    if (gw.servers.get(server.source) === server && (source === undefined || server.source === source))
      out.push({ deadline: since + server.timeoutMs + GRACE_MS });
  const indexed = new Set(gw.tools.map((t) => t.source));
  for (const job of gw.work.jobs)
    if ((source === undefined || job.source === undefined || job.source === source) && blocks(job, indexed)) out.push({ deadline: job.deadline });
  return out;
}

/** Waits until nothing blocks the index, each blocker until its own deadline at most. */
export async function settled(gw: Gateway, source?: string): Promise<void> {
  for (;;) {
    const now = Date.now();
    const open = blockers(gw, source).filter((b) => b.deadline > now);
    if (open.length === 0) return;
    await gw.changes.next(Math.min(...open.map((b) => b.deadline)) - now);
  }
}

/** The source a call is about, when it names one whose tools are already known (no need to wait for the others). */
function scope(gw: Gateway, name: string, args: Record<string, unknown>): { wait: boolean; source?: string } {
  if (name === 'search_tools' && typeof args.source === 'string') return { wait: true, source: args.source };
  if ((name === 'call_tool' || name === 'get_tool_schema') && typeof args.tool === 'string') {
    const tool = resolveTool(gw, args.tool);
    // A known tool of a server that is not on its first connection: nothing to wait for.
    if (!('error' in tool)) {
      const server = gw.servers.get(tool.source);
      return server !== undefined && gw.firstConnects.has(server) ? { wait: true, source: tool.source } : { wait: false };
    }
  }
  return { wait: true };
}

/** Why the index may lack a server's tools after the wait: still connecting, being indexed, or down. */
export function pendingDiagnostics(gw: Gateway, source?: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const indexed = new Set(gw.tools.map((t) => t.source));
  const now = Date.now();
  const refresh = gw.work.jobs.find(
    (job) => job.started && !blocks(job, indexed) && (source === undefined || job.source === undefined || job.source === source),
  );
  if (refresh !== undefined)
    out.push({
      code: 'MDKG_INDEX_REFRESHING',
      severity: 'info',
      message: `the index is being rebuilt (${refresh.label}): this answer is from the index as it was`,
    });
  for (const server of gw.servers.values()) {
    if (source !== undefined && server.source !== source) continue;
    const since = gw.firstConnects.get(server);
    if (since !== undefined) {
      out.push({
        code: 'MDKG_SOURCE_PENDING',
        severity: 'warning',
        message: `server "${server.source}" is still connecting (${now - since} ms of its ${server.timeoutMs} ms timeout): its tools are not searched yet`,
      });
    } else if (gw.work.jobs.some((j) => j.source === server.source)) {
      out.push({ code: 'MDKG_SOURCE_PENDING', severity: 'warning', message: `the tools of server "${server.source}" are still being indexed` });
    } else if (server.state === 'down' && !indexed.has(server.source)) {
      out.push({
        code: server.timedOut ? 'MDKG_SOURCE_TIMEOUT' : 'MDKG_SOURCE_FAILED',
        severity: 'warning',
        message: `server "${server.source}" is down (${errorText(server) ?? 'unknown error'}): its tools are not in the index`,
      });
    }
  }
  return out;
}

/** The gateway's words for an empty index: which servers it waits for, or that none is configured. */
function emptyIndexMessage(gw: Gateway): string {
  const servers = [...gw.servers.values()];
  if (servers.length === 0)
    return 'the index is empty: no server is configured (servers: in mdkg.config.yaml, read again when it changes) and the graph folder has no tool documents (mdkg generate tools writes them from source files)';
  const state = (s: Downstream): string =>
    gw.firstConnects.has(s)
      ? 'connecting'
      : s.state === 'down'
        ? `down: ${errorText(s) ?? 'unknown error'}`
        : s.state === 'connected'
          ? `${s.tools.size} tools`
          : s.state;
  return `the index is empty: no tool documents yet from the configured servers (${servers.map((s) => `"${s.source}" ${state(s)}`).join(', ')})`;
}

/** `data` as the text block of a result, when the block was the JSON of the structured content. */
function withData(result: CallToolResult, before: Record<string, unknown>, data: Record<string, unknown>): CallToolResult {
  const [first, ...rest] = result.content;
  const text = first?.type === 'text' && first.text === JSON.stringify(before, null, 2) ? JSON.stringify(data, null, 2) : undefined;
  return { ...result, structuredContent: data, ...(text === undefined ? {} : { content: [{ type: 'text', text }, ...rest] }) };
}

/** Adds the pending diagnostics to an answer with a `diagnostics` list (search_tools, graph_search), and rewords an empty index. */
function annotate(gw: Gateway, result: CallToolResult, notes: Diagnostic[], reword: boolean): CallToolResult {
  const data = result.structuredContent;
  if (data === undefined || !Array.isArray(data.diagnostics)) return result;
  const old = data.diagnostics as Diagnostic[];
  const reworded = reword ? old.map((d) => (d.code === 'MDKG_INDEX_EMPTY' ? { ...d, message: emptyIndexMessage(gw) } : d)) : old;
  const known = new Set(reworded.map((d) => d.message));
  const added = notes.filter((d) => !known.has(d.message));
  if (added.length === 0 && reworded.every((d, i) => d === old[i])) return result;
  return withData(result, data, { ...data, diagnostics: [...reworded, ...added] });
}

/** A miss of get_tool_schema or call_tool while servers are pending: the error says which. */
function explainMiss(result: CallToolResult, notes: Diagnostic[]): CallToolResult {
  if (result.isError !== true || notes.length === 0 || result.structuredContent === undefined) return result;
  const why = notes.map((d) => d.message).join('; ');
  const content = result.content.map((c, i) => (i === 0 && c.type === 'text' ? { ...c, text: `${c.text} (${why})` } : c));
  return { ...result, content, structuredContent: { ...result.structuredContent, diagnostics: notes } };
}

/**
 * Runs a meta-tool, first waiting (bounded) for the index when it reads it; search_tools and
 * graph_search then name the servers still connecting or down, and a missed tool name says why.
 */
export async function withReadiness(
  gw: Gateway,
  name: string,
  args: Record<string, unknown>,
  run: () => Promise<CallToolResult> | CallToolResult,
): Promise<CallToolResult> {
  if (!WAITING.has(name)) return run();
  const { wait, source } = scope(gw, name, args);
  if (!wait) return run();
  await settled(gw, source);
  const result = await run();
  const notes = pendingDiagnostics(gw, source);
  if (name === 'search_tools' || name === 'graph_search') return annotate(gw, result, notes, name === 'search_tools');
  if ((name === 'call_tool' || name === 'get_tool_schema') && 'error' in resolveTool(gw, String(args.tool))) return explainMiss(result, notes);
  return result;
}
