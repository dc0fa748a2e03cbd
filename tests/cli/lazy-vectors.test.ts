// The vector code loads only when a vector strategy is used: nothing a lexical search or
// `mdkg --help` loads statically imports it (the model itself is a dynamic import inside use-lite.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

/** Static `import … from './x.js'` and `export … from './x.js'` (type-only ones skipped: they are erased). */
const STATIC = /(?:^|[\s;])(import|export)\s+(?!type\b)[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]|(?:^|[\s;])import\s*['"](\.[^'"]+)['"]/g;

function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(REPO, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
    for (const m of text.matchAll(STATIC)) {
      const target = relative(REPO, resolve(REPO, dirname(file), (m[2] ?? m[3])!)).replace(/\.js$/, '.ts');
      if (existsSync(join(REPO, target))) visit(target);
    }
  };
  visit(entry);
  return seen;
}

const VECTOR_CODE = [
  'src/search/vector-rank.ts',
  'src/search/attach-vectors.ts',
  'src/search/vector/use-lite.ts',
  'src/search/vector/openai-compatible.ts',
  'src/search/vector/tool-vectors.ts',
  'src/search/vector/providers.ts',
];

describe('vector code is loaded lazily', () => {
  it.each(['src/cli/main.ts', 'src/cli/commands/search.ts', 'src/cli/commands/bench.ts', 'src/search/tool-index.ts', 'src/search/open-index.ts'])(
    '%s does not import it statically',
    (entry) => {
      const closure = staticClosure(entry);
      expect(closure.size).toBeGreaterThan(1);
      expect(VECTOR_CODE.filter((f) => closure.has(f))).toEqual([]);
    },
  );

  it('the check sees static imports', () => {
    expect(staticClosure('src/search/attach-vectors.ts').has('src/search/vector/use-lite.ts')).toBe(true);
  });
});
