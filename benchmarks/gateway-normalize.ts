// Query normalization through MCP sampling, measured (issue 10): `npm run bench:normalize`.
// The ecommerce set of graph-tool-call (read in place from ../shared) is generated into a temp
// graph; `mdkg serve` with `serve.normalize: true` is spawned twice over stdio: once for a client
// without sampling (the requests as written) and once for a scripted client whose "model" answers
// sampling from a fixed translation table written for this benchmark only. The table is keyed by
// the sha256 of each request, so no dataset text is copied here; a request it does not know is
// answered unchanged (a model asked to rewrite English into English). The product has no such table.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { matchesExpected } from '../src/bench/metrics.js';
import { generateTools } from '../src/generate/generate-tools.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'mdkg.js');
const SET = join(import.meta.dirname, '..', '..', 'shared', 'datasets', 'graph-tool-call', 'benchmarks');
const HANGUL = /[\uac00-\ud7a3]/;

/** English for the Korean requests of the set, written by hand for this benchmark (sha256 prefix → English). */
const TRANSLATIONS = new Map([
  ['0b0af5c52bf4790c', 'add a product to the cart'],
  ['5871d19e19504e89', 'I want to cancel my order'],
  ['85c61fdf6e632cd8', 'write a product review'],
  ['e3e4d1bfd2b255ff', 'how much is the shipping fee?'],
  ['d326317089281520', 'request a refund'],
  ['2b83eb02cd0726ca', 'view the details of a product'],
]);
const key = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

interface Query {
  query: string;
  expected_tools: string[];
}
interface Row {
  korean: boolean;
  hit1: boolean;
  hit5: boolean;
  ms: number;
}

async function run(graphs: string, work: string, queries: Query[], sampling: boolean): Promise<Row[]> {
  const client = new Client({ name: 'bench', version: '1' }, sampling ? { capabilities: { sampling: {} } } : {});
  if (sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      const content = request.params.messages[0]?.content;
      const text = content !== undefined && 'text' in content ? String(content.text) : '';
      return { role: 'assistant', model: 'translation-table', content: { type: 'text', text: TRANSLATIONS.get(key(text)) ?? text } };
    });
  }
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--graphs', graphs], cwd: work, stderr: 'ignore' }));
  const rows: Row[] = [];
  for (const q of queries) {
    const started = performance.now();
    const result = await client.callTool({ name: 'search_tools', arguments: { query: q.query, limit: 5 } });
    const ms = performance.now() - started;
    const tools = (result.structuredContent as { tools: Array<{ name: string; source: string }> }).tools;
    const hit = (k: number): boolean => q.expected_tools.every((e) => tools.slice(0, k).some((t) => matchesExpected(t, e)));
    rows.push({ korean: HANGUL.test(q.query), hit1: hit(1), hit5: hit(5), ms });
  }
  await client.close();
  return rows;
}

function line(label: string, rows: Row[]): string {
  const share = (f: (r: Row) => boolean): string => (rows.filter(f).length / Math.max(1, rows.length)).toFixed(3);
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  return `| ${label} | ${rows.length} | ${share((r) => r.hit1)} | ${share((r) => r.hit5)} | ${(ms[Math.floor(ms.length / 2)] ?? 0).toFixed(1)} |`;
}

const work = await mkdtemp(join(tmpdir(), 'mdkg-bench-normalize-'));
try {
  const spec = join(SET, 'specs', 'ecommerce.json');
  await generateTools([{ id: 'ecommerce', kind: 'openapi', file: spec }], { outDir: join(work, 'graphs', 'tools'), cwd: dirname(spec) });
  await writeFile(join(work, 'mdkg.config.yaml'), 'serve: { normalize: true }\n');
  const queries = (JSON.parse(await readFile(join(SET, 'ground_truth', 'ecommerce.json'), 'utf8')) as { queries: Query[] }).queries;
  const graphs = join(work, 'graphs');
  const plain = await run(graphs, work, queries, false);
  const normalized = await run(graphs, work, queries, true);
  console.log('| requests | n | Hit@1 | all expected in top 5 | p50 ms per search_tools |');
  console.log('|---|---|---|---|---|');
  console.log(
    line(
      'Korean, as written (no sampling)',
      plain.filter((r) => r.korean),
    ),
  );
  console.log(
    line(
      'Korean, rewritten by the client (sampling)',
      normalized.filter((r) => r.korean),
    ),
  );
  console.log(line('all, as written', plain));
  console.log(line('all, through sampling', normalized));
} finally {
  await rm(work, { recursive: true, force: true });
}
