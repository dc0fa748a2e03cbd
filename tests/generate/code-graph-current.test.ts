import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { splitFrontMatter } from '../../src/markdown-ld/parse.js';
import { generateCode } from '../../src/generate/generate-code.js';
import { REPO } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

async function tree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      // `.mdkg/` is the loader's cache (git-ignored), not a document.
      if (e.isDirectory()) {
        if (e.name !== '.mdkg') await walk(p);
      } else out.set(relative(dir, p), await readFile(p, 'utf8'));
    }
  };
  await walk(dir);
  return out;
}

describe('graphs/code/', () => {
  it('is current: generating src/ again gives the committed documents, byte for byte (else run: npx mdkg generate code src)', async () => {
    const out = await tempDir();
    const report = await generateCode({ root: REPO, start: 'src', outDir: out });
    expect(report.diagnostics).toEqual([]);
    const fresh = await tree(out);
    const committed = await tree(join(REPO, 'graphs', 'code'));
    const stale = [...new Set([...fresh.keys(), ...committed.keys()])].filter((path) => fresh.get(path) !== committed.get(path)).sort();
    expect(stale).toEqual([]);
  });

  it('every committed code document has front matter that schemas/front-matter.schema.json accepts', async () => {
    const schema = JSON.parse(await readFile(join(REPO, 'schemas', 'front-matter.schema.json'), 'utf8')) as object;
    const validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    const committed = await tree(join(REPO, 'graphs', 'code'));
    expect(committed.size).toBeGreaterThan(200);
    const invalid = [...committed].filter(([, text]) => !validate(parse(splitFrontMatter(text).yaml ?? ''))).map(([path]) => path);
    expect(invalid).toEqual([]);
  });
});
