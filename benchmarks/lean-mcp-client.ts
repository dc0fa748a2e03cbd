// A lean MCP client over Streamable HTTP, for load generation in benchmarks (gateway-stress.ts):
// the protocol as the SDK's client speaks it (initialize, then notifications/initialized, then
// each request a POST with the session id and protocol version, its answer read from the JSON or
// SSE body, DELETE at the end), on one keep-alive connection per client, without the SDK's
// validation and web streams. The load generator shares the machine with the gateway it measures;
// with 20 SDK clients it took most of a core by itself. `--sdk-clients` in the benchmark uses the
// SDK's client instead.
import { Agent, request } from 'node:http';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

interface Answer {
  id?: unknown;
  result?: { isError?: boolean } & Record<string, unknown>;
  error?: { code: number; message: string };
}

export class LeanMcpClient {
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 1 });
  #session: string | undefined;
  #protocol = LATEST_PROTOCOL_VERSION;
  #nextId = 1;

  constructor(
    readonly url: URL,
    readonly name: string,
  ) {}

  async connect(): Promise<void> {
    const params = { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: this.name, version: '1' } };
    const init = await this.#request('initialize', params);
    const version = (init.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    if (typeof version === 'string') this.#protocol = version;
    await this.#send('POST', { jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** A tools/call: its result, or a throw for a JSON-RPC error (as the SDK's callTool). */
  async callTool(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<{ isError?: boolean }> {
    const answer = await this.#request('tools/call', { name, arguments: args }, timeoutMs);
    if (answer.error !== undefined) throw new Error(`MCP error ${answer.error.code}: ${answer.error.message}`);
    return answer.result ?? {};
  }

  async close(): Promise<void> {
    if (this.#session !== undefined) await this.#send('DELETE').catch(() => undefined);
    this.#agent.destroy();
  }

  async #request(method: string, params: unknown, timeoutMs = 30_000): Promise<Answer> {
    const id = this.#nextId++;
    const { type, body } = await this.#send('POST', { jsonrpc: '2.0', id, method, params }, timeoutMs);
    const messages = type.startsWith('text/event-stream') ? sseData(body) : [body];
    for (const data of messages) {
      const message = JSON.parse(data) as Answer;
      if (message.id === id && (message.result !== undefined || message.error !== undefined)) return message;
    }
    throw new Error(`no answer to ${method} (id ${id}) in: ${body.slice(0, 200)}`);
  }

  #send(method: 'POST' | 'DELETE', message?: unknown, timeoutMs = 30_000): Promise<{ type: string; body: string }> {
    const payload = message === undefined ? undefined : JSON.stringify(message);
    const headers: Record<string, string> = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': this.#protocol };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (this.#session !== undefined) headers['mcp-session-id'] = this.#session;
    return new Promise((resolve, reject) => {
      const req = request(this.url, { method, headers, agent: this.#agent, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
        const session = res.headers['mcp-session-id'];
        if (typeof session === 'string') this.#session = session;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 0) >= 400) reject(new Error(`HTTP ${res.statusCode}: ${body.slice(0, 200)}`));
          else resolve({ type: String(res.headers['content-type'] ?? ''), body });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
}

/** The data of each event of an SSE body (multi-line data joined with newlines). */
function sseData(body: string): string[] {
  const out: string[] = [];
  for (const event of body.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
    if (data.length > 0) out.push(data.join('\n'));
  }
  return out;
}
