// search_tools, get_tool_schema and call_tool: find a tool, read its schema, call it downstream.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Diagnostic } from '../errors.js';
import { runNormalizer } from '../search/request/normalize-query.js';
import { withPrerequisites } from '../plan/prerequisites.js';
import type { Evidence, SearchHit } from '../search/types.js';
import type { Gateway, KnownTool, Session } from './gateway.js';
import { resolveTool } from './resolve-tool.js';
import { confirmCall } from './confirm.js';
import { profileOf } from './profiles.js';
import { fail, ok } from './results.js';
import { checkArguments } from './validate.js';
import { isResultTooLarge } from '../ingest/mcp/result-cap.js';

/** Time the client's model has to rewrite a request (sampling). */
const SAMPLING_TIMEOUT_MS = 10_000;

export { fail, ok };

/** One evidence entry in a few words (agents pay for every token): source, rank, what matched. */
function evidenceLine(e: Evidence): string {
  const parts = [`${e.source} #${e.rank}`];
  if (e.matched !== undefined) parts.push(e.matched.map((m) => m.term.replace(/^~/, '')).join(' '));
  if (e.corrected !== undefined) parts.push(e.corrected.map((c) => `${c.from}→${c.to}`).join(' '));
  if (e.path !== undefined) parts.push(`via ${e.path.from} (${e.path.relations.join(', ')}, ${e.path.confidence})`);
  if (e.alignment !== undefined) parts.push(`${e.alignment.intent} intent`);
  if (e.cosine !== undefined) parts.push(`cosine ${e.cosine.toFixed(2)}`);
  if (e.pair !== undefined) parts.push(`learned '${e.pair.term}'${e.pair.how === 'fuzzy' ? ' (fuzzy)' : ''}`);
  return parts.join(': ');
}

export async function searchTools(
  gw: Gateway,
  args: { query: string; limit?: number; source?: string; prerequisites?: boolean },
  session?: Session,
): Promise<CallToolResult> {
  const limit = args.limit ?? 5;
  const diagnostics: Diagnostic[] = [];
  let searched = args.query;
  // With serve.normalize and a client that offers sampling, the client's model rewrites the
  // request into a concise English tool-search query first (on failure: the request as it was).
  const sampler = gw.config.serve?.normalize === true ? session?.sampler : undefined;
  if (sampler !== undefined && session !== undefined) {
    const out = await runNormalizer({ name: 'mcp-sampling', normalize: sampler }, args.query, { timeoutMs: SAMPLING_TIMEOUT_MS, cache: session.normalized });
    diagnostics.push(...out.diagnostics);
    if (out.normalized) searched = out.text;
  }
  // With embeddings configured, the configured strategy (default auto); else the lexical default.
  const strategy = gw.config.embeddings === undefined ? {} : { strategy: gw.config.embeddings.strategy ?? 'auto' };
  // A source filter or a profile with allow/deny rules: more hits are ranked, then filtered.
  const profile = profileOf(gw.config, session?.profile);
  const filtered = args.source !== undefined || profile.restricts;
  const result = await gw.index.search(searched, { limit: filtered ? Math.min(100, limit * 10) : limit, ...strategy });
  const allowed = (h: SearchHit): boolean => (args.source === undefined || h.source === args.source) && profile.denied(h.source, h.name) === undefined;
  let hits = result.hits.filter(allowed).slice(0, limit);
  if (args.prerequisites === true) {
    // Each hit's required producers right after it (src/plan/prerequisites.ts): they read the graph.
    const withPrereqs = withPrerequisites({ index: gw.index, graph: await gw.graph() }, { ...result, hits });
    hits = withPrereqs.hits.filter((h) => h.prerequisiteOf === undefined || profile.denied(h.source, h.name) === undefined);
    diagnostics.push(...withPrereqs.diagnostics.slice(result.diagnostics.length));
  }
  diagnostics.push(...result.diagnostics);
  for (const source of new Set(hits.map((h) => h.source))) {
    const server = gw.servers.get(source);
    if (server?.state === 'down')
      diagnostics.push({
        code: 'MDKG_SOURCE_FAILED',
        severity: 'warning',
        message: `server "${source}" is down (${server.lastError ?? 'unknown error'}): its tools cannot be called now`,
      });
  }
  return ok({
    query: args.query,
    ...(searched === args.query ? {} : { searched }),
    intent: result.intent,
    ...(gw.config.embeddings === undefined ? {} : { strategy: result.strategy }),
    tools: hits.map((h) => ({
      id: h.id,
      name: h.name,
      source: h.source,
      description: h.description ?? h.title ?? '',
      confidence: Number(h.confidence.toFixed(3)),
      required: h.required,
      annotations: h.annotations,
      evidence: h.evidence.map(evidenceLine),
      related: h.related,
      nextSteps: h.nextSteps,
      ...(h.prerequisiteOf === undefined ? {} : { prerequisiteOf: h.prerequisiteOf }),
    })),
    diagnostics,
  });
}

/** The input schema written in a tool's document (`## Input schema`), when the server is not connected. */
async function documentSchema(gw: Gateway, tool: KnownTool): Promise<unknown> {
  const kg = await gw.graph();
  const path = tool.path ?? kg.documents().find((d) => d.iri === tool.iri)?.path;
  if (path === undefined) return undefined;
  const text = await readFile(join(kg.root, path), 'utf8').catch(() => '');
  const block = /\n## Input schema\n\n```json\n([\s\S]*?)\n```/.exec(text)?.[1];
  try {
    return block === undefined ? undefined : (JSON.parse(block) as unknown);
  } catch {
    return undefined;
  }
}

async function schemaOf(
  gw: Gateway,
  tool: KnownTool,
): Promise<{ inputSchema: unknown; outputSchema?: unknown; description?: string; from: 'server' | 'document' }> {
  const live = gw.servers.get(tool.source)?.tools.get(tool.name);
  if (live !== undefined) {
    return {
      inputSchema: live.inputSchema,
      ...(live.outputSchema === undefined ? {} : { outputSchema: live.outputSchema }),
      ...(live.description === undefined ? {} : { description: live.description }),
      from: 'server',
    };
  }
  return { inputSchema: (await documentSchema(gw, tool)) ?? { type: 'object' }, from: 'document' };
}

export async function getToolSchema(gw: Gateway, args: { tool: string }, session?: Session): Promise<CallToolResult> {
  const tool = resolveTool(gw, args.tool, profileOf(gw.config, session?.profile));
  if ('error' in tool)
    return fail(`${tool.error}${tool.candidates.length === 0 ? '' : `; did you mean ${tool.candidates.join(', ')}?`}`, { candidates: tool.candidates });
  return ok({ id: tool.id, source: tool.source, name: tool.name, ...(await schemaOf(gw, tool)) });
}

/**
 * A downstream error's message, relayed once: the SDK prefixes "MCP error <code>: " to a protocol
 * error, and a downstream server built on the SDK often sends a message that has the prefix already.
 */
export function relayedMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const m = /^(?:MCP error (-?\d+): )+/.exec(text);
  if (m === null) return text;
  return `MCP error ${m[1]}: ${text.slice(m[0].length)}`;
}

export async function callTool(
  gw: Gateway,
  args: { tool: string; arguments?: Record<string, unknown>; confirm?: boolean },
  session?: Session,
): Promise<CallToolResult> {
  const tool = resolveTool(gw, args.tool, profileOf(gw.config, session?.profile));
  if ('error' in tool)
    return fail(`${tool.error}${tool.candidates.length === 0 ? '' : `; did you mean ${tool.candidates.join(', ')}?`}`, { candidates: tool.candidates });
  const server = gw.servers.get(tool.source);
  if (server === undefined) return fail(`no server is configured for source "${tool.source}" (servers in mdkg.config.yaml): ${tool.id} cannot be called`);
  const client = await server.ready();
  if (typeof client === 'string') return fail(client, { server: tool.source });
  const schema = server.tools.get(tool.name)?.inputSchema;
  if (schema === undefined) return fail(`server "${tool.source}" no longer lists ${tool.name}`, { server: tool.source });
  const checked = checkArguments(`${tool.source}/${tool.name}`, schema, args.arguments ?? {});
  if ('unusable' in checked)
    return fail(`MDKG_SCHEMA_UNUSABLE ${tool.id} refuses calls: ${checked.unusable}`, { code: 'MDKG_SCHEMA_UNUSABLE', server: tool.source });
  const { problems } = checked;
  if (problems.length > 0) return fail(`invalid arguments for ${tool.id}: ${problems.join('; ')}`, { problems });
  // Checked arguments first: the user is never asked to confirm a call that cannot run.
  const refused = await confirmCall(gw, session, tool, args.arguments ?? {}, args.confirm);
  if (refused !== undefined) return refused;
  try {
    const result = (await client.callTool({ name: tool.name, arguments: args.arguments ?? {} }, undefined, {
      timeout: server.callTimeoutMs,
    })) as CallToolResult;
    // The server's result, with the tool that ran named (a client approving call_tool sees which): in _meta and a last line.
    return {
      ...result,
      content: [...(Array.isArray(result.content) ? result.content : []), { type: 'text', text: `[mdkg] ran ${tool.id} (server "${tool.source}")` }],
      _meta: { ...result._meta, 'mdkg/tool': { id: tool.id, source: tool.source, name: tool.name } },
    };
  } catch (error) {
    // An answer over the server's cap (servers.<id>.max_result_bytes, counted on the wire) was never
    // parsed: the transport put this error in its place (src/ingest/mcp/result-cap.ts).
    const data: unknown = (error as { data?: unknown } | undefined)?.data;
    if (isResultTooLarge(data))
      return fail(
        `MDKG_RESULT_TOO_LARGE the result of ${tool.id} is ${data.bytes} bytes as sent, over the cap of ${data.limit} bytes: not forwarded (ask for less, or raise servers.${tool.source}.max_result_bytes)`,
        { code: 'MDKG_RESULT_TOO_LARGE', server: tool.source, tool: tool.id, bytes: data.bytes, limit: data.limit },
      );
    const message = relayedMessage(error);
    // A protocol answer (an MCP error) leaves the server usable; a hang or a lost connection does not.
    if (/timed out|closed|Connection/i.test(message)) await server.failed(message);
    return fail(`server "${tool.source}" failed on ${tool.name}: ${message}`, { server: tool.source });
  }
}
