// A context given by URL, wherever it hides, is MDKG_REMOTE_CONTEXT; nothing is ever fetched.
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/markdown-ld/parse.js';
import { documentToQuads } from '../../src/rdf/to-quads.js';

const URL_ = 'https://evil.example/c.jsonld';

describe('remote contexts', () => {
  it.each([
    ['a URL as the context', `"@context": "${URL_}"\nid: concept:a`],
    ['a URL inside a context list', `"@context": ["${URL_}", {"x": "https://example.org/x"}]\nid: concept:a`],
    ['a scoped context of a term', `"@context": {"t": {"@id": "https://example.org/t", "@context": "${URL_}"}}\nid: concept:a\nt: {x: 1}`],
    ['an @import', `"@context": {"@import": "${URL_}"}\nid: concept:a`],
    ['a nested node context', `id: concept:a\nschema:about: {"@context": ["${URL_}"], "id": "concept:b"}`],
  ])('%s', async (_, fm) => {
    const result = await documentToQuads(parseDocument(`---\n${fm}\n---\n# A\n`, 'a.md'));
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MDKG_REMOTE_CONTEXT']);
    expect(result.diagnostics[0]?.message).toContain(URL_);
  });

  it('a context list of inline objects loads', async () => {
    const result = await documentToQuads(parseDocument('---\n"@context": [{"ex": "https://example.org/"}]\nid: ex:e\nex:p: "1"\n---\n# E\n', 'e.md'));
    expect(result.diagnostics).toEqual([]);
    expect(result.quads.some((q) => q.predicate.value === 'https://example.org/p')).toBe(true);
  });
});
