// The cap on a downstream tool's result (`servers.<id>.max_result_bytes`), counted on the wire: the
// bytes of the JSON-RPC answer as the server sent it (a stdio line, an HTTP JSON body, an SSE
// event's data), JSON escapes and structure included. A transport that reads an answer to
// `tools/call` over the cap never parses it: the request it answers (answer-id.ts finds its id)
// gets this error in its place, with what was too large in `data`.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { AnswerId } from './answer-id.js';

export interface ResultTooLarge {
  code: 'MDKG_RESULT_TOO_LARGE';
  /** The server's id in the config. */
  server: string;
  /** The tool's name on its server. */
  tool: string;
  /** The answer's size as sent (at least this many bytes when it was cut). */
  bytes: number;
  /** The cap it is over. */
  limit: number;
}

/** JSON-RPC error code of the answer put in place of one over the cap (the SDK's "invalid request" family, as for the 64 MiB limit). */
export const TOO_LARGE_CODE = -32600;

/** What a transport keeps of a request it sent, to tell which answers are capped and name them. */
export interface SentRequest {
  method: string;
  /** `params.name` of a `tools/call`. */
  tool?: string;
}

/** The id and what to keep of a request (a message with a method and an id); undefined for anything else. */
export function sentRequest(message: unknown): [AnswerId, SentRequest] | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { id, method, params } = message as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  const name = typeof params === 'object' && params !== null ? (params as { name?: unknown }).name : undefined;
  return [id, typeof name === 'string' && method === 'tools/call' ? { method, tool: name } : { method }];
}

export function resultTooLargeText(t: ResultTooLarge): string {
  return `MDKG_RESULT_TOO_LARGE the answer of server "${t.server}" to tools/call ${t.tool} is ${t.bytes} bytes as sent, over its cap of ${t.limit} bytes (servers.${t.server}.max_result_bytes): not read`;
}

/** The error answer delivered to the request `id` in place of its answer over the cap. */
export function resultTooLargeAnswer(id: AnswerId, t: ResultTooLarge): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code: TOO_LARGE_CODE, message: resultTooLargeText(t), data: t } };
}

/** Whether an error's data says its answer was over the cap. */
export function isResultTooLarge(data: unknown): data is ResultTooLarge {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Partial<Record<keyof ResultTooLarge, unknown>>;
  return (
    d.code === 'MDKG_RESULT_TOO_LARGE' &&
    typeof d.server === 'string' &&
    typeof d.tool === 'string' &&
    typeof d.bytes === 'number' &&
    typeof d.limit === 'number'
  );
}
