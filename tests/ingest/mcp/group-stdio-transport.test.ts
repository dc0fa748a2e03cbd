// The result cap on a stdio server's answers, counted on the wire: a real child process writes
// answers over the cap with the id anywhere, without an id, for no request waiting, and answers
// to other requests; the transport never parses an over-cap answer to tools/call, drops what it
// cannot name with a diagnostic, and stays usable.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupStdioTransport } from '../../../src/ingest/mcp/group-stdio-transport.js';

const CAP = 200;
const SERVER = `
const { createInterface } = require('node:readline');
const send = (text) => process.stdout.write(text + '\\n');
const big = 'x'.repeat(${CAP});
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  const name = m.params && m.params.name;
  if (m.method === 'tools/list') send(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: big, inputSchema: { type: 'object' } }] } }));
  else if (name === 'big-id-first') send(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: big }] } }));
  else if (name === 'big-id-last') send(JSON.stringify({ result: { content: [{ type: 'text', text: big, id: 1 }] }, jsonrpc: '2.0', id: m.id }));
  else if (name === 'no-id') send(JSON.stringify({ jsonrpc: '2.0', result: { content: [{ type: 'text', text: big }] } }));
  else if (name === 'other-id') send(JSON.stringify({ jsonrpc: '2.0', id: 999, result: { content: [{ type: 'text', text: big }] } }));
  else if (name === 'request') send(JSON.stringify({ jsonrpc: '2.0', id: m.id, method: 'sampling/createMessage', params: { big } }));
  else send(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: 'ok' }] } }));
});
`;

let transport: GroupStdioTransport | undefined;
afterEach(async () => {
  await transport?.close();
  transport = undefined;
});

async function open(): Promise<{ ask: (id: number, method: string, name?: string) => Promise<JSONRPCMessage>; got: JSONRPCMessage[]; notes: string[] }> {
  const t = new GroupStdioTransport({ command: process.execPath, args: ['-e', SERVER], cwd: process.cwd(), resultCap: { bytes: CAP, server: 'srv' } });
  transport = t;
  const got: JSONRPCMessage[] = [];
  const notes: string[] = [];
  const waiting = new Map<number | string, (m: JSONRPCMessage) => void>();
  t.onmessage = (m) => {
    got.push(m);
    if ('id' in m && m.id !== undefined) waiting.get(m.id)?.(m);
  };
  t.ondiagnostic = (note) => notes.push(note);
  await t.start();
  const ask = (id: number, method: string, name?: string): Promise<JSONRPCMessage> =>
    new Promise((resolve) => {
      waiting.set(id, resolve);
      void t.send({ jsonrpc: '2.0', id, method, params: name === undefined ? {} : { name, arguments: {} } });
    });
  return { ask, got, notes };
}

const lineBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
const bigText = 'x'.repeat(CAP);

describe('GroupStdioTransport: answers over the result cap', () => {
  it.each([
    ['the id first', 'big-id-first', lineBytes({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: bigText }] } })],
    [
      'the id last, after an "id" nested in the result',
      'big-id-last',
      lineBytes({ result: { content: [{ type: 'text', text: bigText, id: 1 }] }, jsonrpc: '2.0', id: 1 }),
    ],
  ])('an answer to tools/call with %s becomes MDKG_RESULT_TOO_LARGE naming server, tool, size and cap', async (_, tool, bytes) => {
    const { ask } = await open();
    const data = { code: 'MDKG_RESULT_TOO_LARGE', server: 'srv', tool, bytes, limit: CAP };
    expect(await ask(1, 'tools/call', tool)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32600,
        message: `MDKG_RESULT_TOO_LARGE the answer of server "srv" to tools/call ${tool} is ${bytes} bytes as sent, over its cap of ${CAP} bytes (servers.srv.max_result_bytes): not read`,
        data,
      },
    });
    // The connection stays usable.
    expect(await ask(2, 'tools/call', 'small')).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'ok' }] } });
  });

  it('an answer over the cap to another request (tools/list) is read as usual', async () => {
    const { ask } = await open();
    const answer = await ask(1, 'tools/list');
    expect(answer).toMatchObject({ id: 1, result: { tools: [{ name: bigText }] } });
  });

  it.each([
    ['no id', 'no-id', 'it has no top-level "id"'],
    ['an id no request waits for', 'other-id', 'it answers no request waiting (id 999)'],
    ['a request from the server', 'request', 'it is a request or a notification (it has a "method")'],
  ])('a line over the cap with %s is dropped unread with a diagnostic; its call is not answered, the next one is', async (_, tool, why) => {
    const { ask, got, notes } = await open();
    void ask(1, 'tools/call', tool);
    expect(await ask(2, 'tools/call', 'small')).toMatchObject({ id: 2, result: {} });
    expect(got.filter((m) => 'id' in m && m.id === 1)).toEqual([]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(new RegExp(`^a message of \\d+ bytes was dropped unread: ${why.replace(/[()"]/g, '\\$&')}$`));
  });
});
