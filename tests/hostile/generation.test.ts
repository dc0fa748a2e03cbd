// Generation never loses or half-writes: invalid specs keep their documents, names of any length
// give loadable files, text is capped and escaped, links are never written through, temp files of
// killed runs are swept, and a server's whole process group ends with it.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFileName, encodeFileName, iriSegment, MAX_FILE_NAME } from '../../src/generate/file-names.js';
import { generateTools, type ToolSource } from '../../src/generate/generate-tools.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { listLiveTools } from '../../src/ingest/mcp/index.js';
import { fixtureServer } from '../helpers/mcp-servers.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Any UTF-16 text: every code point, and lone surrogates (JSON can carry them as `\\ud800`). */
const anyText = (constraints: { minLength?: number; maxLength: number }) =>
  fc.string({
    unit: fc.oneof(
      { weight: 9, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
    ),
    ...constraints,
  });
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const tool = (name: string, description = `Does ${name}.`): object => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
});
const list = (...tools: object[]): string => JSON.stringify({ tools });
const SPEC = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: { '/pets': { get: { operationId: 'listPets', responses: { 200: { description: 'ok' } } } } },
});

async function generated(dir: string, source = 's'): Promise<string[]> {
  return (await readdir(join(dir, 'out', source)).catch(() => [] as string[])).filter((f) => f.endsWith('.md')).sort();
}

describe('an invalid or emptied source keeps its documents', () => {
  it.each([
    ['an OpenAPI 3.0 spec cut to its first line', 'openapi', 'openapi: 3.0.3\n'],
    ['a Swagger 2.0 spec without paths', 'openapi', 'swagger: "2.0"\ninfo: {title: t, version: "1"}\n'],
    ['an OpenAPI spec with no operation left', 'openapi', '{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{}}'],
    ['a tool list with no tools', 'mcp-tools', '{"tools":[]}'],
    ['a tool list cut short', 'mcp-tools', '{"tools":[{"name":"a"'],
  ] as const)('%s: the source fails, the documents stay', async (_, kind, broken) => {
    const first = kind === 'openapi' ? SPEC : list(tool('a'), tool('b'));
    const dir = await tempDir({ 'src.txt': first });
    const source: ToolSource = { id: 's', kind, file: 'src.txt' };
    const [ok] = await generateTools([source], { outDir: join(dir, 'out'), cwd: dir });
    expect(ok?.ok).toBe(true);
    const before = await generated(dir);
    expect(before.length).toBeGreaterThan(0);
    await writeFile(join(dir, 'src.txt'), broken);
    const [report] = await generateTools([source], { outDir: join(dir, 'out'), cwd: dir });
    expect(report?.ok).toBe(false);
    expect(report?.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(await generated(dir)).toEqual(before);
  });
});

describe('file names of any tool name', () => {
  it.each([
    ['a 27-character Japanese name', 'ファイルを読み込んでその内容をテキストとして返す操作の名前です'],
    ['a 300-character operationId', `op${'x'.repeat(298)}`],
    ['a 300-character name of emoji', '🦀'.repeat(150)],
  ])(
    '%s is written, loads, and the other sources still generate',
    async (_, name) => {
      const dir = await tempDir({ 'long.json': list(tool(name), tool(`${name}2`)), 'ok.json': list(tool('fine')) });
      const reports = await generateTools(
        [
          { id: 'long', kind: 'mcp-tools', file: 'long.json' },
          { id: 'ok', kind: 'mcp-tools', file: 'ok.json' },
        ],
        { outDir: join(dir, 'out'), cwd: dir },
      );
      expect(reports.map((r) => [r.source, r.ok, r.added.length])).toEqual([
        ['long', true, 2],
        ['ok', true, 1],
      ]);
      const kg = await loadGraph(join(dir, 'out'), { cache: false });
      expect(kg.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const rows = await kg.query('SELECT ?n WHERE { ?t a mdkg:Tool ; mdkg:source "long" ; mdkg:name ?n } ORDER BY ?n');
      expect(rows.kind === 'bindings' ? rows.rows.map((r) => r.n?.value) : []).toEqual([name, `${name}2`]);
    },
    20_000,
  );

  it('any name gives one safe path segment within the limit, and distinct names distinct files (property)', () => {
    fc.assert(
      fc.property(anyText({ maxLength: 400 }), anyText({ maxLength: 400 }), (a, b) => {
        const fa = encodeFileName(a);
        if (!fa.includes('~')) expect(decodeFileName(fa)).toBe(a);
        expect(fa.length).toBeLessThanOrEqual(MAX_FILE_NAME);
        expect(Buffer.byteLength(`${fa}.md.4194304.deadbeef.tmp`)).toBeLessThanOrEqual(255);
        expect(fa).toMatch(/^[A-Za-z0-9._%~-]+$/);
        expect(fa).not.toMatch(/^\.|\.$|^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i);
        if (a !== b) expect(encodeFileName(b)).not.toBe(fa);
      }),
      { numRuns: 500 },
    );
  });

  it('any name gives an IRI segment of unreserved characters and escapes, distinct for distinct names (property)', () => {
    fc.assert(
      fc.property(anyText({ maxLength: 60 }), anyText({ maxLength: 60 }), (a, b) => {
        expect(iriSegment(a)).toMatch(/^(?:[A-Za-z0-9._~-]|%[0-9A-F]{2})*$/);
        if (a !== b) expect(iriSegment(b)).not.toBe(iriSegment(a));
      }),
      { numRuns: 500 },
    );
  });
});

describe('what generate writes always loads', () => {
  it('a 3 MB description with NUL and escape characters: capped, escaped, reported', async () => {
    const description = `Reads\u0000 a \u001b[2J file. ${'word '.repeat(600_000)}`;
    const dir = await tempDir({ 'big.json': list({ ...tool('read_file'), title: 'Read\u0000', description }) });
    const [report] = await generateTools([{ id: 'big', kind: 'mcp-tools', file: 'big.json' }], { outDir: join(dir, 'out'), cwd: dir });
    expect(report?.ok).toBe(true);
    expect(report?.diagnostics.map((d) => `${d.code} ${d.severity}`)).toEqual(['MDKG_TOOL_INVALID warning']);
    const text = await readFile(join(dir, 'out', 'big', 'read_file.md'), 'utf8');
    expect(text.includes('\u0000')).toBe(false);
    expect(Buffer.byteLength(text)).toBeLessThan(100_000);
    const kg = await loadGraph(join(dir, 'out'), { cache: false });
    expect(kg.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('random tool lists: every tool with a usable name is written, and all documents load without errors (property)', async () => {
    const text = anyText({ maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ name: anyText({ minLength: 1, maxLength: 40 }), description: text, param: text }), {
          minLength: 1,
          maxLength: 4,
          selector: (t) => t.name,
        }),
        async (tools) => {
          const dir = await tempDir({
            't.json': list(
              ...tools.map((t) => ({
                name: t.name,
                description: t.description,
                inputSchema: { type: 'object', properties: { [t.param]: { type: 'string', description: t.description } } },
              })),
            ),
          });
          const [report] = await generateTools([{ id: 's', kind: 'mcp-tools', file: 't.json' }], { outDir: join(dir, 'out'), cwd: dir });
          // Refused: a name blank after trimming, or not well-formed Unicode (it has no file or IRI).
          const usable = tools.map((t) => t.name).filter((n) => n.trim() !== '' && !LONE_SURROGATE.test(n));
          expect(report?.ok).toBe(usable.length > 0);
          if (usable.length === 0) return;
          const kg = await loadGraph(join(dir, 'out'), { cache: false });
          expect(kg.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}: ${d.message}`)).toEqual([]);
          const rows = await kg.query('SELECT ?n WHERE { ?t a mdkg:Tool ; mdkg:name ?n }');
          const names = rows.kind === 'bindings' ? rows.rows.map((r) => r.n?.value ?? '') : [];
          expect(names.sort()).toEqual([...usable].sort());
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe('links and leftovers', () => {
  it('a symbolic link as the output folder is refused; nothing is written where it points', async () => {
    const outside = await tempDir();
    const dir = await tempDir({ 'a.json': list(tool('a')) });
    await symlink(outside, join(dir, 'out'));
    const [report] = await generateTools([{ id: 's', kind: 'mcp-tools', file: 'a.json' }], { outDir: join(dir, 'out'), cwd: dir });
    expect([report?.ok, report?.diagnostics[0]?.code]).toEqual([false, 'MDKG_PATH_ESCAPE']);
    expect(await readdir(outside)).toEqual([]);
  });

  it('temp files of a killed run are swept; those of a live process stay', async () => {
    const dir = await tempDir({ 'a.json': list(tool('a')) });
    await mkdir(join(dir, 'out', 's'), { recursive: true });
    const stale = join(dir, 'out', 's', 'a.md.999999999.deadbeef.tmp');
    const live = join(dir, 'out', 's', `b.md.${process.pid}.deadbeef.tmp`);
    await writeFile(stale, 'half');
    await writeFile(live, 'half');
    await generateTools([{ id: 's', kind: 'mcp-tools', file: 'a.json' }], { outDir: join(dir, 'out'), cwd: dir });
    expect([existsSync(stale), existsSync(live)]).toEqual([false, true]);
  });

  it('a server started through a wrapper: after the timeout its whole process group is gone', async () => {
    const dir = await tempDir();
    const pidFile = join(dir, 'grandchild.pid');
    const script = `sleep 1000 & echo $! > '${pidFile}'; exec '${process.execPath}' '${fixtureServer('never-answers.mjs')}'`;
    const result = await listLiveTools({ command: 'sh', args: ['-c', script] }, { source: 'w', timeoutMs: 1500 });
    expect(result.diagnostics[0]?.code).toBe('MDKG_SOURCE_TIMEOUT');
    const pid = Number((await readFile(pidFile, 'utf8')).trim());
    const alive = (): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 300 && alive(); i += 1) await new Promise((done) => setTimeout(done, 10));
    expect(alive()).toBe(false);
  }, 20_000);
});
