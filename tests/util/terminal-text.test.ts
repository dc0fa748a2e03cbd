import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../src/util/table.js';
import { escapeForTerminal } from '../../src/util/terminal-text.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

describe('escapeForTerminal', () => {
  it.each([
    ['clear screen', 'a\u001b[2Jb', 'a\\x1b[2Jb'],
    ['window title (OSC)', '\u001b]0;pwned\u0007', '\\x1b]0;pwned\\x07'],
    ['RTL override', 'abc\u202Etxt.exe', 'abc\\u202etxt.exe'],
    ['C1 CSI', 'x\u009b31m', 'x\\x9b31m'],
    ['NUL, DEL, BOM, zero-width joiner', '\u0000\u007f\ufeff\u200d', '\\x00\\x7f\\ufeff\\u200d'],
    ['line break', 'one\ntwo', 'one\\x0atwo'],
    ['plain text, CJK and emoji unchanged', 'naïve 日本語 🦀', 'naïve 日本語 🦀'],
  ])('%s', (_, input, want) => {
    expect(escapeForTerminal(input)).toBe(want);
  });

  it('leaves no control or bidi character, and a table has one line per row (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { minLength: 2, maxLength: 2 }), { maxLength: 6 }), (rows) => {
        for (const [a] of rows) expect(UNSAFE.test(escapeForTerminal(a ?? ''))).toBe(false);
        const table = renderTable(['a', 'b'], rows);
        expect(table.split('\n').length).toBe(rows.length + 3);
        expect(UNSAFE.test(table.replace(/\n/g, ''))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('human output escapes, machine output stays exact', () => {
  const title = 'Evil\u001b[2J\u001b]0;owned\u0007 \u202Egnp.exe';
  const graph = { 'graphs/a.md': `---\nid: concept:a\ntype: Concept\ntitle: "${title.replace(/\u001b/g, '\\e').replace(/\u0007/g, '\\a').replace(/\u202E/g, '\\u202E')}"\n---\n# A\n` };

  it('query --format table escapes; --format json keeps the text', async () => {
    const dir = await tempDir(graph);
    const query = 'SELECT ?t WHERE { ?c schema:name ?t }';
    const table = await runCli(['query', query], dir);
    expect(table.stdout).toContain('Evil\\x1b[2J\\x1b]0;owned\\x07 \\u202egnp.exe');
    expect(UNSAFE.test(table.stdout.replace(/\n/g, ''))).toBe(false);
    const json = JSON.parse((await runCli(['query', query, '--format', 'json'], dir)).stdout) as { results: { bindings: Array<{ t: { value: string } }> } };
    expect(json.results.bindings[0]?.t.value).toBe(title);
  });

  it('validate escapes what a diagnostic quotes', async () => {
    const dir = await tempDir({ 'b.md': '---\nid: concept:b\n"k\\e[2J": 1\n---\n# B\n' });
    const r = await runCli(['validate', dir], dir);
    expect(r.stdout).toContain("'k\\x1b[2J'");
    expect(UNSAFE.test(r.stdout.replace(/\n/g, ''))).toBe(false);
  });
});
