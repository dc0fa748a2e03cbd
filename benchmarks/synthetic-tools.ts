/**
 * Deterministic synthetic tool catalog in Markdown-LD, for load and query benchmarks.
 * Same (n, seed) gives byte-identical files. About 1.2 KB per document; about 20% carry a
 * ```jsonld block and a [[wiki link]].
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SOURCES = [
  'filesystem',
  'github',
  'slack',
  'jira',
  'postgres',
  'stripe',
  'calendar',
  'gmail',
  'notion',
  'kubernetes',
  'aws',
  'docker',
  'sentry',
  'linear',
  'figma',
  'spotify',
];
const VERBS = [
  'get',
  'list',
  'create',
  'update',
  'delete',
  'search',
  'read',
  'write',
  'move',
  'copy',
  'archive',
  'export',
  'import',
  'sync',
  'approve',
  'merge',
  'close',
  'open',
  'send',
  'fetch',
];
const NOUNS = [
  'file',
  'issue',
  'message',
  'channel',
  'record',
  'invoice',
  'event',
  'email',
  'page',
  'pod',
  'bucket',
  'container',
  'alert',
  'ticket',
  'design',
  'playlist',
  'branch',
  'comment',
  'user',
  'report',
  'table',
  'secret',
  'label',
  'webhook',
  'snapshot',
];
const QUALIFIERS = ['', '', '', 'batch', 'draft', 'remote', 'shared', 'archived', 'pending', 'recent', 'tagged', 'public', 'private'];
const WORDS = [
  'the',
  'a',
  'selected',
  'current',
  'workspace',
  'project',
  'given',
  'matching',
  'all',
  'one',
  'new',
  'existing',
  'remote',
  'local',
  'with',
  'from',
  'into',
  'for',
  'by',
  'status',
  'owner',
  'metadata',
  'content',
  'permissions',
  'history',
  'details',
  'filters',
  'range',
  'limit',
  'cursor',
  'returns',
  'optionally',
  'including',
  'when',
  'available',
  'page',
  'results',
  'fields',
  'identifier',
];
const PARAM_NAMES = [
  'path',
  'id',
  'query',
  'limit',
  'cursor',
  'owner',
  'repo',
  'channel',
  'text',
  'title',
  'status',
  'since',
  'until',
  'format',
  'recursive',
  'force',
  'labels',
  'body',
];
const PARAM_TYPES = ['string', 'integer', 'boolean', 'array', 'object'];

export interface SyntheticTool {
  source: string;
  name: string;
  title: string;
  /** Path relative to the graph folder. */
  path: string;
  /** `tool:<source>/<name>` */
  id: string;
  paramNames: string[];
  text: string;
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const yamlString = (s: string): string => JSON.stringify(s);

function sentence(rand: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) out.push(pick(rand, WORDS));
  return `${cap(out.join(' '))}.`;
}

/** Builds the n tool documents in memory (no I/O). */
export function generateTools(n: number, seed = 42): SyntheticTool[] {
  const rand = prng(seed);
  const tools: SyntheticTool[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < n; i += 1) {
    const source = pick(rand, SOURCES);
    const verb = pick(rand, VERBS);
    const noun = pick(rand, NOUNS);
    const qual = pick(rand, QUALIFIERS);
    let name = [verb, qual, noun].filter((w) => w !== '').join('_');
    if (seen.has(`${source}/${name}`)) name = `${name}_${i}`;
    seen.add(`${source}/${name}`);
    const title = `${cap(name.replace(/_/g, ' '))} (${source})`;
    const p1 = pick(rand, PARAM_NAMES);
    let p2 = pick(rand, PARAM_NAMES);
    if (p2 === p1) p2 = `${p2}2`;
    tools.push({ source, name, title, path: `tools/${source}/${name}.md`, id: `tool:${source}/${name}`, paramNames: [p1, p2], text: '' });
  }
  for (let i = 0; i < n; i += 1) {
    const t = tools[i] as SyntheticTool;
    const other = (): SyntheticTool => tools[Math.floor(rand() * n)] as SyntheticTool;
    const related = [other().id, ...(rand() < 0.5 ? [other().id] : [])];
    const next = rand() < 0.6 ? [other().id] : [];
    const verb = t.name.split('_')[0] ?? 'get';
    const readOnly = ['get', 'list', 'search', 'read', 'fetch', 'export'].includes(verb);
    const [p1, p2] = t.paramNames as [string, string];
    const lines = [
      '---',
      `id: ${t.id}`,
      'type: Tool',
      `title: ${yamlString(t.title)}`,
      `summary: ${yamlString(`${cap(verb)} a ${t.name.split('_').slice(1).join(' ')} in ${t.source}. ${sentence(rand, 8)}`)}`,
      `description: ${yamlString(`${sentence(rand, 14)} ${sentence(rand, 12)} ${sentence(rand, 10)}`)}`,
      `tags: [${t.source}, ${verb}]`,
      `aliases: [${yamlString(`${verb} ${t.name.split('_').slice(-1)[0]}`)}]`,
      `readOnlyHint: ${readOnly}`,
      'parameters:',
      `  - { id: "#${p1}", name: ${p1}, type: ${pick(rand, PARAM_TYPES)}, required: true }`,
      `  - { id: "#${p2}", name: ${p2}, type: ${pick(rand, PARAM_TYPES)}, required: false }`,
      `related: [${related.join(', ')}]`,
      ...(next.length > 0 ? [`next_steps: [${next.join(', ')}]`] : []),
      '---',
      `# ${t.title}`,
      '',
      `${sentence(rand, 16)} ${sentence(rand, 14)} ${sentence(rand, 12)} ${sentence(rand, 10)}`,
      '',
    ];
    if (rand() < 0.2) {
      const target = other();
      lines.push(
        `See also [[${target.title}]] before calling it.`,
        '',
        '```jsonld',
        JSON.stringify({ id: t.id, requires: { id: other().id, confidence: 'inferred' } }),
        '```',
        '',
      );
    }
    t.text = lines.join('\n');
  }
  return tools;
}

/** Writes the tools under `dir`. */
export async function writeTools(dir: string, tools: readonly SyntheticTool[]): Promise<void> {
  const dirs = new Set(tools.map((t) => dirname(join(dir, t.path))));
  for (const d of dirs) await mkdir(d, { recursive: true });
  for (let i = 0; i < tools.length; i += 256) {
    await Promise.all(tools.slice(i, i + 256).map((t) => writeFile(join(dir, t.path), t.text)));
  }
}
