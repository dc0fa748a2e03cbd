// Query normalization through MCP sampling: the client's own model rewrites a request (any
// language, noisy) into a concise English tool-search query, keeping identifiers verbatim.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

const SAMPLING_PROMPT = [
  'Rewrite the request below as a concise English query for a tool search engine: at most 12 words,',
  'the action and its object first. Keep every identifier exactly as written: email addresses, file',
  'paths, URLs, version numbers, order, invoice and tracking numbers, CVE ids, names in quotes.',
  'Answer with the query only.',
].join(' ');

/** A rewriter that asks the connected client through `sampling/createMessage`. */
export function samplingRewriter(server: Server): (query: string, signal: AbortSignal) => Promise<string> {
  return async (query, signal) => {
    const result = await server.createMessage(
      { systemPrompt: SAMPLING_PROMPT, messages: [{ role: 'user', content: { type: 'text', text: query } }], maxTokens: 60, temperature: 0 },
      { signal },
    );
    return result.content.type === 'text' ? result.content.text : '';
  };
}
