import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCodeCatalog } from '../../src/code-search/code-records.js';
import { decodeFileName } from '../../src/generate/file-names.js';
import { generateCode, type GenerateCodeOptions } from '../../src/generate/generate-code.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { tempDir, tree } from '../helpers/temp-dir.js';

const SOURCES = {
  'src/util.ts': '/** Adds one. */\nexport function addOne(n: number): number {\n  return n + 1;\n}\n',
  'src/main.ts':
    "import { addOne } from './util.js';\n\nexport class App {\n  /** Starts. */\n  start(): number {\n    return addOne(this.base());\n  }\n\n  base(): number {\n    return 1;\n  }\n}\n",
  'src/tool.py': 'def run(x):\n    """Runs x."""\n    return x\n',
  'data.json': '{"not": "code"}\n',
};

/** A repository and the options of a run over it, with the state in its .mdkg/. */
async function repo(files: Record<string, string> = SOURCES): Promise<{ root: string; options: GenerateCodeOptions; out: string }> {
  const root = await tempDir(files);
  const out = join(root, 'graphs', 'code');
  // Modification times well in the past, so that they are trusted (a file changed in the last 2 s is re-hashed).
  const past = new Date(Date.now() - 60_000);
  for (const path of Object.keys(files)) await utimes(join(root, path), past, past);
  // As the CLI runs it (code-run.ts): the graph folder is not walked, and is where documents must load.
  const graphs = join(root, 'graphs');
  return { root, out, options: { root, outDir: out, statePath: join(root, '.mdkg', 'code-state.json'), exclude: [graphs], graphsDir: graphs } };
}

const counts = (r: Awaited<ReturnType<typeof generateCode>>) => ({
  added: r.added.length,
  updated: r.updated.length,
  removed: r.removed.length,
  unchanged: r.unchanged,
  parsed: r.parsed,
});

describe('generateCode', () => {
  it('writes one document per source file, byte-identical from the same input in another place', async () => {
    const a = await repo();
    const b = await repo();
    const report = await generateCode(a.options);
    await generateCode({ ...b.options, statePath: undefined as never });
    expect(report).toMatchObject({ files: 3, parsed: 3, symbols: 5, added: ['src/main.ts.md', 'src/tool.py.md', 'src/util.ts.md'], diagnostics: [] });
    const docsA = await tree(a.out);
    expect([...docsA.keys()].sort()).toEqual(['src/main.ts.md', 'src/tool.py.md', 'src/util.ts.md']);
    expect(await tree(b.out)).toEqual(docsA);
    const main = docsA.get('src/main.ts.md') ?? '';
    expect(main).toContain('id: code:src/main.ts\ntype: SourceFile\n');
    expect(main).toContain('      - id: code:src/util.ts#addOne\n        confidence: extracted\n        rule: import\n');
    expect(main).toContain('      - id: "#App.base"\n        confidence: inferred\n        rule: same-file-name\n');
    expect(main).toContain('| App.start | method | 5–7 | in App | start(): number |');
    expect(main).toContain('    folded_into: "#App"\n');
  });

  it('re-runs incrementally: unchanged, edited, added and deleted files', async () => {
    const { root, options } = await repo();
    expect(counts(await generateCode(options))).toEqual({ added: 3, updated: 0, removed: 0, unchanged: 0, parsed: 3 });
    expect(counts(await generateCode(options))).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 3, parsed: 0 });
    await writeFile(join(root, 'src/tool.py'), 'def run(x):\n    return x * 2\n\n\ndef other():\n    pass\n');
    await writeFile(join(root, 'src/new.ts'), 'export const f = () => 1;\n');
    await rm(join(root, 'src/util.ts'));
    const r = await generateCode(options);
    // main.ts is unchanged, but its import no longer resolves to a file: its document is updated.
    expect(counts(r)).toEqual({ added: 1, updated: 2, removed: 1, unchanged: 0, parsed: 3 });
    expect(r).toMatchObject({ added: ['src/new.ts.md'], updated: ['src/main.ts.md', 'src/tool.py.md'], removed: ['src/util.ts.md'] });
    expect(counts(await generateCode(options))).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 3, parsed: 0 });
  });

  it('re-hashes a touched file but does not parse it when its bytes are the same', async () => {
    const { root, options } = await repo();
    await generateCode(options);
    const later = new Date(Date.now() - 30_000);
    await utimes(join(root, 'src/util.ts'), later, later);
    expect(counts(await generateCode(options))).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 3, parsed: 0 });
  });

  it('regenerates a deleted document, and works without a state file', async () => {
    const { out, options } = await repo();
    await generateCode(options);
    await rm(join(out, 'src/util.ts.md'));
    expect(counts(await generateCode(options))).toEqual({ added: 1, updated: 0, removed: 0, unchanged: 2, parsed: 1 });
    const { statePath: _s, ...stateless } = options;
    expect(counts(await generateCode(stateless))).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 3, parsed: 3 });
  });

  it('never touches hand-written documents, and keeps edited ones with a diagnostic', async () => {
    const { root, out, options } = await repo();
    await generateCode(options);
    const handWritten = '---\ntitle: Notes on util\n---\n# Mine\n';
    await writeFile(join(out, 'src/util.ts.md'), handWritten);
    await writeFile(join(out, 'src/notes.md'), handWritten);
    const edited = `${await readFile(join(out, 'src/tool.py.md'), 'utf8')}\nA note by hand.\n`;
    await writeFile(join(out, 'src/tool.py.md'), edited);
    await writeFile(join(root, 'src/util.ts'), 'export function addTwo(n: number): number {\n  return n + 2;\n}\n');
    await rm(join(root, 'src/tool.py'));
    const r = await generateCode(options);
    expect(r.kept).toEqual(['src/util.ts.md', 'src/tool.py.md']);
    expect(r.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['MDKG_GENERATE_CONFLICT', 'src/util.ts.md'],
      ['MDKG_GENERATE_CONFLICT', 'src/tool.py.md'],
    ]);
    expect(await readFile(join(out, 'src/util.ts.md'), 'utf8')).toBe(handWritten);
    expect(await readFile(join(out, 'src/notes.md'), 'utf8')).toBe(handWritten);
    expect(await readFile(join(out, 'src/tool.py.md'), 'utf8')).toBe(edited);
  });

  it('limits a run to a folder: documents of other folders are neither listed nor removed', async () => {
    const { root, out, options } = await repo({ ...SOURCES, 'lib/x.ts': 'export function x() {}\n' });
    await generateCode(options);
    await rm(join(root, 'lib/x.ts'));
    const r = await generateCode({ ...options, start: 'src' });
    expect(counts(r)).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 3, parsed: 0 });
    expect((await tree(out)).has('lib/x.ts.md')).toBe(true);
  });

  it('reads files without a grammar as 50-line blocks overlapping by 10, skips binary files, reports syntax errors', async () => {
    const markdown = Array.from({ length: 95 }, (_, i) => (i % 40 === 0 ? `# Part ${i / 40 + 1}` : `line ${i + 1}`)).join('\n');
    const { out, options } = await repo({ 'docs/guide.md': `${markdown}\n`, 'src/bin.ts': 'export const a = 1;\u0000\n', 'src/bad.py': 'def f(:\n    pass\n' });
    const r = await generateCode(options);
    expect(r.added).toEqual(['docs/guide.md.md', 'src/bad.py.md']);
    expect(r.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([
      ['MDKG_CODE_SYNTAX', 'src/bad.py', 1],
      ['MDKG_BINARY_FILE', 'src/bin.ts', undefined],
    ]);
    const guide = await readFile(join(out, 'docs/guide.md.md'), 'utf8');
    expect([...guide.matchAll(/^\| (L\d+-L\d+) \| block \| (\d+–\d+) \| own \| (.*) \|$/gm)].map((m) => [m[1], m[2], m[3]])).toEqual([
      ['L1-L50', '1–50', '# Part 1'],
      ['L41-L90', '41–90', '# Part 2'],
      ['L81-L95', '81–95', '# Part 3'],
    ]);
    expect(guide).toContain('language: markdown\n');
  });

  it('gives odd file names file-safe, reversible document paths and valid IRIs that load', async () => {
    const names = ['src/a b#?%.ts', 'src/ünï.py', 'src/CON.ts', 'src/.hidden.ts', 'src/[x]/y.js'];
    const { out, options } = await repo(Object.fromEntries(names.map((n) => [n, 'export function f() {}\n'])));
    const r = await generateCode(options);
    expect(r.added).toEqual(['src/%2Ehidden.ts.md', 'src/CON.ts.md', 'src/%5Bx%5D/y.js.md', 'src/a%20b%23%3F%25.ts.md', 'src/%C3%BCn%C3%AF.py.md']);
    expect(r.added.map((p) => p.replace(/\.md$/, '').split('/').map(decodeFileName).join('/')).sort()).toEqual([...names].sort());
    const graph = await loadGraph(out, { cache: false });
    expect(graph.diagnostics).toEqual([]);
    const files = await graph.query('SELECT ?path WHERE { ?f mdkg:filePath ?path }');
    if (files.kind !== 'bindings') throw new Error('not a SELECT result');
    expect(files.rows.map((row) => row.path?.value).sort()).toEqual([...names].sort());
  });

  it('refuses to write through an output folder that is a symbolic link', async () => {
    const { options } = await repo();
    const elsewhere = await tempDir();
    const { symlink } = await import('node:fs/promises');
    const link = join(options.root, 'linked');
    await symlink(elsewhere, link);
    await expect(generateCode({ ...options, outDir: link })).rejects.toMatchObject({ code: 'MDKG_PATH_ESCAPE' });
  });

  it('documents load without diagnostics, and SPARQL finds symbols by name and kind', async () => {
    const { out, options } = await repo();
    await generateCode(options);
    const graph = await loadGraph(out, { cache: false });
    expect(graph.diagnostics).toEqual([]);
    const result = await graph.query(
      'SELECT ?q ?kind ?start ?file WHERE { ?s mdkg:name "start" ; mdkg:kind ?kind ; mdkg:qualifiedName ?q ; mdkg:startLine ?start ; mdkg:containedIn ?c . ?f mdkg:symbol ?s ; mdkg:filePath ?file }',
    );
    if (result.kind !== 'bindings') throw new Error('not a SELECT result');
    expect(result.rows.map((r) => [r.q?.value, r.kind?.value, r.start?.value, r.file?.value])).toEqual([['App.start', 'method', '5', 'src/main.ts']]);
    const calls = await graph.query(
      'SELECT ?callee ?confidence WHERE { <https://w3id.org/mdkg/code/src/main.ts#App.start> mdkg:calls ?callee . GRAPH ?g { ?callee mdkg:confidence ?confidence } } ORDER BY ?callee',
    );
    if (calls.kind !== 'bindings') throw new Error('not a SELECT result');
    expect(calls.rows.map((r) => [r.callee?.value, r.confidence?.value])).toEqual([
      ['https://w3id.org/mdkg/code/src/main.ts#App.base', 'inferred'],
      ['https://w3id.org/mdkg/code/src/util.ts#addOne', 'extracted'],
    ]);
  });

  it('gives a source file its module doc comment as its description, read back into the code catalog', async () => {
    const { options, out } = await repo({
      'src/lib.rs': '//! Frames and their codec.\n\n/// Item.\npub fn f() {}\n',
      'src/tool.py': '"""Runs the tool."""\n\ndef run(x):\n    return x\n',
      'src/plain.ts': 'export const a = 1;\n',
    });
    await generateCode(options);
    const docs = await tree(out);
    expect(docs.get('src/lib.rs.md')).toContain('\ndescription: Frames and their codec.\n');
    expect(docs.get('src/plain.ts.md')).not.toContain('\ndescription:');
    const kg = await loadGraph(join(out, '..'), { cache: false });
    const files = readCodeCatalog(kg.store).files.map((f) => [f.path, f.doc]);
    expect(files).toEqual([
      ['src/lib.rs', 'Frames and their codec.'],
      ['src/plain.ts', undefined],
      ['src/tool.py', 'Runs the tool.'],
    ]);
  });
});
