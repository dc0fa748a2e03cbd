// The front matter of every Markdown document under some folders, for differential tests of the
// front-matter readers (tests/markdown-ld/front-matter.test.ts, yaml-subset.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitFrontMatter } from '../../src/markdown-ld/parse.js';

/** `[path, yaml]` of every `.md` file under `dirs` that has front matter, in walk order. */
export function frontMatters(dirs: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) {
        const yaml = splitFrontMatter(readFileSync(path, 'utf8')).yaml;
        if (yaml !== undefined) out.push([path, yaml]);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return out;
}
