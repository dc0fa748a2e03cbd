import { describe, expect, it } from 'vitest';
import { parseDocument, splitFrontMatter } from '../../src/markdown-ld/parse.js';

describe('splitFrontMatter', () => {
  it.each([
    ['plain', '---\na: 1\n---\nbody', { yaml: 'a: 1\n', bodyStart: 13 }],
    ['crlf', '---\r\na: 1\r\n---\r\nbody', { yaml: 'a: 1\r\n', bodyStart: 16 }],
    ['empty', '---\n---\nbody', { yaml: '', bodyStart: 8 }],
    ['at end of file', '---\na: 1\n---', { yaml: 'a: 1\n', bodyStart: 12 }],
    ['none', '# title\n', { yaml: undefined, bodyStart: 0 }],
    ['unclosed', '---\na: 1\n', { yaml: undefined, bodyStart: 0 }],
    ['dashes inside a value do not close', '---\na: "---x"\n---\n', { yaml: 'a: "---x"\n', bodyStart: 18 }],
  ])('%s', (_name, text, expected) => {
    const split = splitFrontMatter(text);
    expect({ yaml: split.yaml, bodyStart: split.bodyStart }).toEqual(expected);
  });
});

describe('parseDocument', () => {
  it('reads front matter, jsonld blocks, links and the heading', () => {
    const doc = parseDocument(
      '---\nid: concept:a\ntitle: A\n---\n# Alpha *one*\nSee [[B]] and [[C|the c]].\n\n```jsonld\n{"id": "concept:a", "related": "concept:b"}\n```\n\n```json\n{"ignored": true}\n```\n',
      'a.md',
    );
    expect(doc.frontMatter).toEqual({ id: 'concept:a', title: 'A' });
    expect(doc.blocks.map((b) => [b.value, b.line])).toEqual([[{ id: 'concept:a', related: 'concept:b' }, 9]]);
    expect(doc.links).toEqual([
      { target: 'B', line: 6, column: 5 },
      { target: 'C', label: 'the c', line: 6, column: 15 },
    ]);
    expect(doc.heading).toBe('Alpha one');
    expect(doc.diagnostics).toEqual([]);
    expect(doc.usable).toBe(true);
    expect(doc.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('does not take links from code', () => {
    const doc = parseDocument('---\nid: x:a\n---\nReal [[A]].\n\n```\n[[Not a link]]\n```\n\n`[[inline]]`\n', 'a.md');
    expect(doc.links.map((l) => l.target)).toEqual(['A']);
  });

  it('keeps YAML 1.2 scalars as JSON (dates stay strings, yes is a string)', () => {
    const doc = parseDocument('---\nd: 2024-01-02\ny: yes\nn: 12\nb: true\n---\n', 'a.md');
    expect(doc.frontMatter).toEqual({ d: '2024-01-02', y: 'yes', n: 12, b: true });
  });

  it('takes the heading without the Markdown parser when the body has no code or links', () => {
    expect(parseDocument('---\na: 1\n---\n\n# Simple title #\n\ntext\n', 'a.md').heading).toBe('Simple title');
    expect(parseDocument('no front matter\n', 'a.md').frontMatter).toBeUndefined();
  });

  it('strips a byte order mark', () => {
    expect(parseDocument('\uFEFF---\na: 1\n---\n', 'a.md').frontMatter).toEqual({ a: 1 });
  });

  it.each([
    ['invalid YAML', '---\ntitle: [unclosed\n---\n', 'MDKG_YAML_INVALID', 3, 1],
    ['duplicate YAML key', '---\na: 1\na: 2\n---\n', 'MDKG_YAML_INVALID', 3, 1],
    ['front matter a list', '---\n- a\n- b\n---\n', 'MDKG_FRONT_MATTER_NOT_OBJECT', 2, 1],
    ['front matter a scalar', '---\njust text\n---\n', 'MDKG_FRONT_MATTER_NOT_OBJECT', 2, 1],
    ['invalid JSON in a block', '---\na: 1\n---\ntext\n\n```jsonld\n{\n  "a": 1,\n  "b" 2\n}\n```\n', 'MDKG_JSON_INVALID', 9, 7],
  ])('%s gives %s at its line and column', (_name, text, code, line, column) => {
    const doc = parseDocument(text, 'bad.md');
    expect(doc.usable).toBe(false);
    expect(doc.diagnostics).toHaveLength(1);
    expect(doc.diagnostics[0]).toMatchObject({ code, severity: 'error', file: 'bad.md', line, column });
  });

  it.each([
    ['an unknown tag', '---\na: !foo x\n---\n', 'invalid YAML front matter: Unresolved tag: !foo'],
    [
      'binary data',
      '---\na: !!binary aGVsbG8=\n---\n',
      'invalid YAML front matter: a Uint8Array is not plain JSON data (no custom tags, binary or infinite numbers)',
    ],
    ['a list as a key', '---\n? [a, b]\n: 1\n---\n', 'invalid YAML front matter: a key must be a plain scalar, not a list or mapping'],
    ['an infinite number', '---\na: .inf\n---\n', 'invalid YAML front matter: Infinity is not plain JSON data (no custom tags, binary or infinite numbers)'],
  ])('refuses front matter that is not plain JSON data: %s', (_name, text, message) => {
    const doc = parseDocument(text, 'y.md');
    expect(doc.usable).toBe(false);
    expect(doc.diagnostics.map((d) => d.message)).toEqual([message]);
  });

  it('warns about front matter that is never closed', () => {
    const doc = parseDocument('---\na: 1\n', 'open.md');
    expect(doc.frontMatter).toBeUndefined();
    expect(doc.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([['MDKG_YAML_INVALID', 'warning', 1]]);
  });

  it('reads setext headings and strips inline markup from headings', () => {
    expect(parseDocument('---\na: 1\n---\nTitle *here*\n=====\n', 'a.md').heading).toBe('Title here');
    expect(parseDocument('---\na: 1\n---\n# Read *file*\n', 'a.md').heading).toBe('Read file');
  });

  it('refuses a document over the size limit without decoding it', () => {
    const doc = parseDocument(`---\na: 1\n---\n${'x'.repeat(2000)}`, 'big.md', { maxBytes: 1000 });
    expect(doc.usable).toBe(false);
    expect(doc.diagnostics).toEqual([
      { code: 'MDKG_FILE_TOO_LARGE', severity: 'error', message: 'document is 2013 bytes, over the limit of 1000', file: 'big.md', line: 1, column: 1 },
    ]);
  });

  it.each([
    ['NUL bytes', new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0x02])],
    ['invalid UTF-8', new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0xfd])],
  ])('refuses binary content (%s)', (_name, bytes) => {
    const doc = parseDocument(bytes, 'bin.md');
    expect(doc.usable).toBe(false);
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['MDKG_BINARY_FILE']);
  });

  it('survives hostile YAML: alias bombs are refused, not expanded', () => {
    const bomb =
      '---\na: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n---\n';
    const doc = parseDocument(bomb, 'bomb.md');
    expect(doc.usable).toBe(false);
    expect(doc.diagnostics[0]?.code).toBe('MDKG_YAML_INVALID');
  });
});
