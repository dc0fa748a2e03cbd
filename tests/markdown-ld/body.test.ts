import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { syntheticOpenApi } from '../../benchmarks/synthetic-openapi.js';
import { GTC_PRESENT, readSharedCatalog, SHARED_CATALOGS } from '../helpers/shared-datasets.js';
import { sourceDocuments } from '../../src/generate/source-documents.js';
import { readOpenApi } from '../../src/ingest/openapi/index.js';
import { bodyNeedsParser, headingWithoutParser, parseBody } from '../../src/markdown-ld/body.js';
import { splitFrontMatter } from '../../src/markdown-ld/parse.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Where bodyNeedsParser says no, remark must find nothing either (no JSON-LD block, no link, no
 * diagnostic) and the same heading. Returns how many texts skipped the parser.
 */
function differential(texts: Iterable<string>): { compared: number; skipped: number } {
  let compared = 0;
  let skipped = 0;
  for (const text of texts) {
    const body = text.slice(splitFrontMatter(text).bodyStart);
    compared += 1;
    if (bodyNeedsParser(body)) continue;
    skipped += 1;
    const parsed = parseBody(text, 'x.md');
    expect({ blocks: parsed.blocks, links: parsed.links, diagnostics: parsed.diagnostics, heading: parsed.heading }).toEqual({
      blocks: [],
      links: [],
      diagnostics: [],
      heading: headingWithoutParser(body),
    });
  }
  return { compared, skipped };
}

const doc = (body: string): string => `---\nid: x\n---\n${body}`;

describe('bodyNeedsParser: the Markdown parser is skipped only where it would find nothing more', () => {
  it('plain fences of a non-JSON-LD language are read without remark', () => {
    const body = '# Title\n\ntext\n\n```json\n{ "a": 1 }\n```\n\n~~~\n# not a heading\n~~~\n';
    expect(bodyNeedsParser(body)).toBe(false);
    expect(headingWithoutParser(body)).toBe('Title');
  });

  it.each([
    ['a ```jsonld block', '# T\n\n```jsonld\n{"id": "x"}\n```\n'],
    ['a ~~~json-ld block', '# T\n\n~~~JSON-LD\n{"id": "x"}\n~~~\n'],
    ['a fence in a list item', '# T\n\n- ```jsonld\n  {"id": "x"}\n  ```\n'],
    ['a fence in a block quote', '# T\n\n> ```jsonld\n> {}\n> ```\n'],
    ['an info string with more words', '# T\n\n```jsonld title="x"\n{}\n```\n'],
    ['an info string with an escape', '# T\n\n```json\\-ld\n{}\n```\n'],
    ['an info string with a character reference', '# T\n\n```json&#x2D;ld\n{}\n```\n'],
    ['a level-1 heading only after a fence', '```json\n{}\n```\n# Title\n'],
    ['a heading-like line inside the first fence', '```\n# not a heading\n```\n'],
    ['a wiki link', '# T\n\n```json\n{}\n```\nsee [[X]]\n'],
    ['a ```jsonld fence inside another fence', '# T\n\n````\n```jsonld\n{}\n```\n````\n'],
    ['a list item fence', '# T\n\n- a\n  ```json\n  x\n```jsonld\n{"id": "x"}\n```\n'],
  ])('%s goes through remark', (_name, body) => {
    expect(bodyNeedsParser(body)).toBe(true);
  });

  it('hostile bodies agree with remark', () => {
    const bodies = [
      '# T\n\n```json\n{}\n```\n',
      '# T\n\n````\n```jsonld\n{}\n```\n````\n',
      '    ```jsonld\n    {}\n    ```\n# T\n',
      '# T\n```\n[[x]]\n```\n',
      '# A\n# B\n```json\n{}\n```\n',
      '```json\n{}\n```\n',
      '# T\n\n```\n',
      '# T\n~~~ \ncode\n~~~\n',
      '# T\n```json  \n{}\n```\n',
      '#\n```\n```\n# T\n',
      '<!-- ```json -->\n# T\n',
      '# T\n\n```json\n{"unterminated": \n',
      '   # T\n   ```json\n   {}\n   ```\n',
      '# T\r\n\r\n```json\r\n{}\r\n```\r\n',
      '# T\r\n```jsonld\r\n{}\r\n```\r\n',
      '# T\n\n> ```json\n> {}\n> ```\n',
      '# T\n\n```json title="x"\n{}\n```\n',
      '# T\n\nuse ```a``` here\n',
      '# T\n\n- ```json\n  {}\n  ```\n',
      '# T\n\n```json\n{ "d": "a ```jsonld``` b\\n ~~~ c" }\n```\n',
      '# T\n\n```json\n"x": "```"\n# inside\n```\n',
      '# T\n\n1. ```json\n   {}\n   ```\n',
      '# T\n\n* x\n\n  ~~~json\n  [[not a link]]\n  ~~~\n',
    ];
    differential(bodies.map(doc));
  });

  it('every document under graphs/', () => {
    const texts: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.md')) texts.push(readFileSync(path, 'utf8'));
      }
    };
    walk(join(REPO, 'graphs'));
    expect(differential(texts).compared).toBeGreaterThan(40);
  });

  it('generated tool documents skip remark', () => {
    const spec = JSON.stringify(syntheticOpenApi(200, 5).spec);
    const { documents } = sourceDocuments(readOpenApi(spec, { source: 'synthetic', file: 'synthetic.json' }).tools, {});
    const { compared, skipped } = differential(documents.values());
    expect(skipped).toBe(compared);
  });

  it.skipIf(!GTC_PRESENT).each(SHARED_CATALOGS)('the documents generated from the shared %s', (source, file, kind) => {
    const result = readSharedCatalog(source, file, kind);
    const { documents } = sourceDocuments(result.tools, {});
    // Every third document: remark on all of Kubernetes' large ones takes 20 s on a busy 2-core machine.
    // MCP tool titles like `# git_status` count as inline markup (`_`) and still go through remark
    const { skipped } = differential([...documents.values()].filter((_, i) => i % 3 === 0));
    if (kind === 'openapi') expect(skipped).toBeGreaterThan(0);
  });
});
