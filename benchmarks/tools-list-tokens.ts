// The size of the gateway's tools/list per serve profile (issue 24, item 5), in tokens
// (gpt-tokenizer, o200k) and characters: every meta-tool, the three core ones, the three core ones
// with one server allowed, against listing the 36 tools of the three reference servers directly.
// Run with `npx tsx benchmarks/tools-list-tokens.ts` (after `npm run build`).
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { encode } from 'gpt-tokenizer';

const REPO = join(import.meta.dirname, '..');
const BIN = join(REPO, 'bin', 'mdkg.js');
const SERVERS = join(REPO, 'node_modules', '@modelcontextprotocol');
const TOKENS: Record<string, string> = { core: 'bench-core-token-0123456789', memory: 'bench-memory-token-0123456789' };
const size = (tools: Tool[]): { tokens: number; chars: number } => ({ tokens: encode(JSON.stringify(tools)).length, chars: JSON.stringify(tools).length });

function serverArgs(work: string): Record<string, string[]> {
  return {
    filesystem: [join(SERVERS, 'server-filesystem/dist/index.js'), work],
    memory: [join(SERVERS, 'server-memory/dist/index.js')],
    everything: [join(SERVERS, 'server-everything/dist/index.js'), 'stdio'],
  };
}

async function downstream(work: string): Promise<Tool[]> {
  const out: Tool[] = [];
  for (const args of Object.values(serverArgs(work))) {
    const c = new Client({ name: 'bench', version: '1' });
    await c.connect(
      new StdioClientTransport({
        command: process.execPath,
        args,
        stderr: 'ignore',
        env: { ...process.env, MEMORY_FILE_PATH: join(work, 'memory.jsonl') } as Record<string, string>,
      }),
    );
    out.push(...(await c.listTools()).tools);
    await c.close();
  }
  return out;
}

async function start(work: string): Promise<{ child: ChildProcess; url: string }> {
  const servers = Object.entries(serverArgs(work)).map(
    ([id, args]) =>
      `  ${id}: { command: ${JSON.stringify(process.execPath)}, args: ${JSON.stringify(args)}, env: { MEMORY_FILE_PATH: ${JSON.stringify(join(work, 'memory.jsonl'))} } }`,
  );
  const config = [
    'servers:',
    ...servers,
    'serve:',
    '  profiles:',
    '    core: { token_env: BENCH_CORE, expose: [search_tools, get_tool_schema, call_tool] }',
    '    memory: { token_env: BENCH_MEMORY, expose: [search_tools, get_tool_schema, call_tool], allow: ["memory/*"] }',
    '',
  ];
  await writeFile(join(work, 'mdkg.config.yaml'), config.join('\n'));
  const child = spawn(process.execPath, [BIN, 'serve', '--http', '127.0.0.1:0', '--graphs', join(work, 'graphs')], {
    cwd: work,
    env: { ...process.env, BENCH_CORE: TOKENS.core, BENCH_MEMORY: TOKENS.memory },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(err);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`mdkg serve exited with ${code}: ${err}`)));
  });
  return { child, url };
}

async function listed(url: string, token?: string): Promise<Tool[]> {
  const c = new Client({ name: 'bench', version: '1' });
  await c.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } } }),
  );
  // The servers connect in the background: list once none is connecting (bounded).
  let tools = (await c.listTools()).tools;
  for (let i = 0; i < 300 && tools.some((t) => t.description?.includes('connecting')); i += 1) {
    await new Promise((done) => setTimeout(done, 50));
    tools = (await c.listTools()).tools;
  }
  await c.close();
  return tools;
}

const work = await mkdtemp(join(tmpdir(), 'mdkg-bench-list-'));
const code = join(REPO, 'graphs', 'code');
await cp(join(REPO, 'graphs'), join(work, 'graphs'), { recursive: true, filter: (src) => src !== code && !src.startsWith(`${code}/`) });
const { child, url } = await start(work);
try {
  const direct = size(await downstream(work));
  const rows: Array<[string, Tool[]]> = [
    ['all meta-tools (top level)', await listed(url)],
    ['core: search_tools, get_tool_schema, call_tool', await listed(url, TOKENS.core)],
    ['core, allow memory/*', await listed(url, TOKENS.memory)],
  ];
  console.log(`| tools/list | tools | tokens | characters | of the 36 downstream tools |`);
  console.log(`|---|---:|---:|---:|---:|`);
  console.log(`| the 3 reference servers directly | 36 | ${direct.tokens} | ${direct.chars} | 100 % |`);
  for (const [name, tools] of rows) {
    const s = size(tools);
    console.log(`| gateway, ${name} | ${tools.length} | ${s.tokens} | ${s.chars} | ${((100 * s.tokens) / direct.tokens).toFixed(0)} % |`);
  }
} finally {
  child.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
}
