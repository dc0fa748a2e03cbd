// Every MDKG_* code is documented: when it happens and what to do, in src/errors.ts (ERROR_CODES)
// and the same rows in docs/errors.md; every code the source mentions exists, and every code is
// raised or reported somewhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/errors.js';

const ROOT = resolve(import.meta.dirname, '..');
const CODES = Object.keys(ERROR_CODES).sort();

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The rows of docs/errors.md: code, when, what to do (pipes in cells escaped as \|). */
function docRows(): Array<[string, string, string]> {
  const text = readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8');
  return [...text.matchAll(/^\| `(MDKG_[A-Z_]+)` \| ((?:[^|\\]|\\.)*) \| ((?:[^|\\]|\\.)*) \|$/gm)].map((m) => [
    m[1]!,
    m[2]!.replace(/\\\|/g, '|'),
    m[3]!.replace(/\\\|/g, '|'),
  ]);
}

describe('error codes', () => {
  it('docs/errors.md has exactly the rows of ERROR_CODES', () => {
    const rows = docRows();
    expect(rows.map(([code]) => code).sort()).toEqual(CODES);
    for (const [code, when, fix] of rows)
      expect([code, when, fix]).toEqual([code, ERROR_CODES[code as keyof typeof ERROR_CODES].when, ERROR_CODES[code as keyof typeof ERROR_CODES].fix]);
  });

  it('every code has a doc comment in src/errors.ts', () => {
    const text = readFileSync(join(ROOT, 'src', 'errors.ts'), 'utf8');
    const documented = [...text.matchAll(/\/\*\* [^\n]+ \*\/\n\s+(MDKG_[A-Z_]+):/g)].map((m) => m[1]!).sort();
    expect(documented).toEqual(CODES);
  });

  it('every MDKG_ code the source names exists, and every code is used', () => {
    const used = new Set<string>();
    // environment variables (read as process.env.MDKG_*, or MDKG_DEBUG=1 in bin/) are not codes
    const env = new Set<string>(['MDKG_DEBUG']);
    for (const file of sources(join(ROOT, 'src'))) {
      if (file.endsWith(join('src', 'errors.ts'))) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/process\.env\.(MDKG_[A-Z_]+)/g)) env.add(m[1]!);
      for (const m of text.matchAll(/\bMDKG_[A-Z][A-Z_]*[A-Z]\b/g)) used.add(m[0]);
    }
    expect([...used].filter((c) => !(c in ERROR_CODES) && !env.has(c)).sort()).toEqual([]);
    expect(CODES.filter((c) => !used.has(c))).toEqual([]);
  });
});
