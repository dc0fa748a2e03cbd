// Every malformed JSON-RPC message gets an error answer, with its id where it has one: the SDK's
// transports drop what fails their schema without a word (over stdio the client then waits
// forever). Used by the stdio transport (stdio-transport.ts) and the HTTP endpoint (http.ts).
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** The requests the gateway serves, by method: their params are checked here (-32602), not deep in the SDK (-32603). */
const REQUESTS = new Map<string, { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } }>([
  ['initialize', InitializeRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
  ['resources/list', ListResourcesRequestSchema],
  ['resources/read', ReadResourceRequestSchema],
]);

/** Longest string id echoed back (a longer one is answered with id null). */
const MAX_ID_CHARS = 256;

export interface JsonRpcErrorAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

const answer = (id: string | number | null, code: number, message: string): JsonRpcErrorAnswer => ({ jsonrpc: '2.0', id, error: { code, message } });

/** The id to answer with: a string (up to 256 characters) or a safe integer, else null. */
function usableId(id: unknown): string | number | null {
  if (typeof id === 'string' && id.length <= MAX_ID_CHARS) return id;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
  return null;
}

/** A text that is not JSON: -32700 parse error (id null: it cannot be read). */
export function parseError(detail: string): JsonRpcErrorAnswer {
  return answer(null, -32700, `parse error: ${detail.slice(0, 200)}`);
}

/**
 * A parsed JSON value as a JSON-RPC 2.0 message of MCP: the message, or the error to answer
 * (-32600 invalid request, -32602 invalid params). Batches (arrays) are refused: MCP sends one message at a time.
 */
export function checkMessage(value: unknown): { message: JSONRPCMessage } | { error: JsonRpcErrorAnswer } {
  if (Array.isArray(value)) return { error: answer(null, -32600, 'invalid request: batches (arrays) are not supported; send one message at a time') };
  if (value === null || typeof value !== 'object') return { error: answer(null, -32600, 'invalid request: a message is a JSON object') };
  const m = value as Record<string, unknown>;
  const hasId = Object.hasOwn(m, 'id');
  const id = hasId ? usableId(m.id) : null;
  if (m.jsonrpc !== '2.0')
    return { error: answer(id, -32600, `invalid request: "jsonrpc" must be "2.0", got ${JSON.stringify(m.jsonrpc) ?? 'nothing'}`.slice(0, 300)) };
  if (hasId && usableId(m.id) === null)
    return { error: answer(null, -32600, `invalid request: an id is a string of at most ${MAX_ID_CHARS} characters or an integer`) };
  const isResponse = Object.hasOwn(m, 'result') || Object.hasOwn(m, 'error');
  if (!isResponse && typeof m.method !== 'string') return { error: answer(id, -32600, 'invalid request: "method" must be a string') };
  if (!isResponse && Object.hasOwn(m, 'params') && (m.params === null || typeof m.params !== 'object' || Array.isArray(m.params)))
    return {
      error: answer(
        id,
        -32602,
        `invalid params: "params" must be an object, got ${m.params === null ? 'null' : Array.isArray(m.params) ? 'an array' : typeof m.params}`,
      ),
    };
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success) return { error: answer(id, -32600, `invalid request: ${parsed.error.issues[0]?.message ?? 'not a JSON-RPC message'}`.slice(0, 300)) };
  const request = hasId && !isResponse ? REQUESTS.get(m.method as string) : undefined;
  const params = request?.safeParse({ method: m.method, params: m.params ?? {} });
  if (params !== undefined && !params.success) {
    const issue = params.error?.issues[0];
    return { error: answer(id, -32602, `invalid params: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.slice(0, 300)) };
  }
  return { message: parsed.data };
}

/** Whether an error answer can be sent: a request (with an id) or a message that cannot be told apart; never for a notification. */
export function needsAnswer(value: unknown, error: JsonRpcErrorAnswer): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return true;
  const m = value as Record<string, unknown>;
  // A well-formed notification (method, no id) with bad params gets no answer (JSON-RPC 2.0 §4.1).
  return Object.hasOwn(m, 'id') || typeof m.method !== 'string' || error.error.code === -32600;
}
