// Row 14 of issue 25: every malformed JSON-RPC message gets exactly one error answer, with its id
// where it has one, through a real `mdkg serve` over stdio and over HTTP; the session answers after.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO } from '../helpers/cli.js';
import { listeningUrl } from '../helpers/serve-http.js';

const PROTOCOL = '2025-06-18';
const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

// [name, the line sent, the id answered, the error code]
const TABLE: [string, string, string | number | null, number][] = [
  ['params null', '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":null}', 5, -32602],
  ['jsonrpc 1.0', '{"jsonrpc":"1.0","id":3,"method":"tools/list"}', 3, -32600],
  ['no jsonrpc', '{"id":"a","method":"tools/list"}', 'a', -32600],
  ['jsonrpc a number', '{"jsonrpc":2,"id":4,"method":"tools/list"}', 4, -32600],
  ['params an array', '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":[1,2]}', 6, -32602],
  ['params a string', '{"jsonrpc":"2.0","id":"s7","method":"tools/call","params":"x"}', 's7', -32602],
  ['params a number', '{"jsonrpc":"2.0","id":8,"method":"tools/list","params":1}', 8, -32602],
  ['no method', '{"jsonrpc":"2.0","id":9}', 9, -32600],
  ['method a number', '{"jsonrpc":"2.0","id":10,"method":42}', 10, -32600],
  ['an id that is an object', '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}', null, -32600],
  ['an id that is a boolean', '{"jsonrpc":"2.0","id":true,"method":"tools/list"}', null, -32600],
  ['an id that is a fraction', '{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}', null, -32600],
  ['a huge id', `{"jsonrpc":"2.0","id":1${'0'.repeat(400)},"method":"tools/list"}`, null, -32600],
  ['a long string id', `{"jsonrpc":"2.0","id":"${'i'.repeat(300)}","method":"tools/list"}`, null, -32600],
  ['a batch', '[{"jsonrpc":"2.0","id":11,"method":"tools/list"}]', null, -32600],
  ['an empty batch', '[]', null, -32600],
  ['a string', '"hello"', null, -32600],
  ['null', 'null', null, -32600],
  ['not JSON', '{"jsonrpc":"2.0",', null, -32700],
  ['a tool call without its name', '{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{}}', 12, -32602],
];

describe('over stdio', () => {
  let child: ChildProcess;
  const answers: Record<string, unknown>[] = [];
  let wake: (() => void) | undefined;
  const next = async (): Promise<Record<string, unknown>> => {
    while (answers.length === 0) await new Promise<void>((done) => (wake = done));
    return answers.shift() as Record<string, unknown>;
  };
  const send = (line: string) => child.stdin?.write(`${line}\n`);

  beforeAll(async () => {
    // From a folder with no config: no downstream server, so nothing but answers is expected.
    child = spawn(process.execPath, [BIN, 'serve', '--graphs', join(REPO, 'graphs')], { cwd: tmpdir(), stdio: ['pipe', 'pipe', 'ignore'] });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const message = JSON.parse(line) as Record<string, unknown>;
      // A notification (no id, a method) is not an answer: the gateway may send one at any time.
      if (!('id' in message) && 'method' in message) return;
      answers.push(message);
      wake?.();
    });
    send(JSON.stringify(initialize));
    expect(await next()).toMatchObject({ id: 0, result: { protocolVersion: PROTOCOL } });
    send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  }, 60_000);
  afterAll(() => void child?.kill('SIGTERM'));

  it.each(TABLE)('%s: one error with its id, then the session still answers', async (_, line, id, code) => {
    send(line);
    const got = await next();
    expect(got).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
    send('{"jsonrpc":"2.0","id":"after","method":"tools/list"}');
    const after = await next();
    expect(after.id).toBe('after');
    expect((after.result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    expect(answers).toEqual([]);
  });

  it('a notification with bad params gets no answer (JSON-RPC 2.0), and the session answers after', async () => {
    send('{"jsonrpc":"2.0","method":"notifications/progress","params":null}');
    send('{"jsonrpc":"2.0","id":"after","method":"ping"}');
    expect(await next()).toEqual({ jsonrpc: '2.0', id: 'after', result: {} });
  });
});

describe('over HTTP', () => {
  let child: ChildProcess;
  let url: string;
  let session: string;
  const headers = () => ({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-session-id': session,
    'mcp-protocol-version': PROTOCOL,
  });
  /** The JSON-RPC messages of an answer (JSON, or the data lines of an event stream). */
  const messages = async (res: Response): Promise<Record<string, unknown>[]> => {
    const text = await res.text();
    if ((res.headers.get('content-type') ?? '').includes('text/event-stream'))
      return text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
    return [JSON.parse(text) as Record<string, unknown>];
  };

  beforeAll(async () => {
    child = spawn(process.execPath, [BIN, 'serve', '--http', '127.0.0.1:0', '--graphs', join(REPO, 'graphs')], {
      cwd: tmpdir(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    url = await listeningUrl(child);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    session = res.headers.get('mcp-session-id') ?? '';
    expect(await messages(res)).toMatchObject([{ id: 0, result: { protocolVersion: PROTOCOL } }]);
  }, 60_000);
  afterAll(() => void child?.kill('SIGTERM'));

  it.each(TABLE)('%s: one error with its id, then the session still answers', async (_, line, id, code) => {
    const res = await fetch(url, { method: 'POST', headers: headers(), body: line });
    expect(res.status).toBe(400);
    expect(await messages(res)).toMatchObject([{ jsonrpc: '2.0', id, error: { code } }]);
    const after = await messages(await fetch(url, { method: 'POST', headers: headers(), body: '{"jsonrpc":"2.0","id":"after","method":"ping"}' }));
    expect(after).toEqual([{ jsonrpc: '2.0', id: 'after', result: {} }]);
  });
});
