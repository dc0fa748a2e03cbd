// The results of the gateway's meta-tools: data as JSON text and structured content, or an error result.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function ok(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data, null, 2) }], structuredContent: data };
}

export function fail(message: string, data: Record<string, unknown> = {}): CallToolResult {
  return { content: [{ type: 'text', text: message }], structuredContent: { error: message, ...data }, isError: true };
}
