// Every MDKG_* code is documented: when it happens and what to do, in src/errors.ts (ERROR_CODES,
// with a doc comment per code) and the same rows, in the same groups, in docs/errors.md; every
// MDKG_* name in src/ and in docs/errors.md is a real code, and every code is raised or reported
// somewhere (named as a string, not only in a comment).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type MdkgCode } from '../src/errors.js';

const ROOT = resolve(import.meta.dirname, '..');
const CODES = Object.keys(ERROR_CODES).sort();
const ERRORS_TS = readFileSync(join(ROOT, 'src', 'errors.ts'), 'utf8');
const ERRORS_MD = readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8');
/** An MDKG_ name: a code, or an environment variable. */
const NAME = /\bMDKG_[A-Z][A-Z_]*[A-Z]\b/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The rows of docs/errors.md: code, when, what to do (pipes in cells escaped as \|). */
function docRows(text: string): Array<[string, string, string]> {
  return [...text.matchAll(/^\| `(MDKG_[A-Z_]+)` \| ((?:[^|\\]|\\.)*) \| ((?:[^|\\]|\\.)*) \|$/gm)].map((m) => [
    m[1]!,
    m[2]!.replace(/\\\|/g, '|'),
    m[3]!.replace(/\\\|/g, '|'),
  ]);
}

/** The groups of ERROR_CODES (its `// group` comments) with their codes, in order. */
function sourceGroups(): Array<[string, string[]]> {
  const body = ERRORS_TS.slice(ERRORS_TS.indexOf('export const ERROR_CODES = {'), ERRORS_TS.indexOf('} as const'));
  const groups: Array<[string, string[]]> = [];
  for (const m of body.matchAll(/^ {2}(?:\/\/ (.+)|(MDKG_[A-Z_]+):)/gm)) {
    if (m[1] !== undefined) groups.push([m[1], []]);
    else groups.at(-1)?.[1].push(m[2]!);
  }
  return groups;
}

/** The `## ` sections of docs/errors.md with the codes of their rows, in order. */
function docGroups(): Array<[string, string[]]> {
  return ERRORS_MD.split(/^## /m)
    .slice(1)
    .map((section) => [section.slice(0, section.indexOf('\n')), docRows(section).map(([code]) => code)]);
}

describe('error codes', () => {
  it('docs/errors.md has exactly the rows of ERROR_CODES', () => {
    const rows = docRows(ERRORS_MD);
    expect(rows.map(([code]) => code).sort()).toEqual(CODES);
    for (const [code, when, fix] of rows) expect([code, when, fix]).toEqual([code, ERROR_CODES[code as MdkgCode].when, ERROR_CODES[code as MdkgCode].fix]);
  });

  it('docs/errors.md names no code that does not exist, and no row is malformed', () => {
    expect([...new Set([...ERRORS_MD.matchAll(NAME)].map((m) => m[0]))].filter((name) => !(name in ERROR_CODES))).toEqual([]);
    const tableLines = ERRORS_MD.split('\n').filter((line) => line.startsWith('| `'));
    expect(tableLines.length).toBe(docRows(ERRORS_MD).length);
  });

  it('docs/errors.md groups the codes as src/errors.ts does', () => {
    const expected = sourceGroups().map(([comment, codes]): [string, string[]] => [comment[0]!.toUpperCase() + comment.slice(1), codes]);
    expect(expected.flatMap(([, codes]) => codes).sort()).toEqual(CODES);
    expect(docGroups()).toEqual(expected);
  });

  it('every code has a doc comment in src/errors.ts, saying when it happens', () => {
    const comments = [...ERRORS_TS.matchAll(/\/\*\* ([^\n]+) \*\/\n\s+(MDKG_[A-Z_]+):/g)].map((m): [string, string] => [m[2]!, m[1]!]);
    expect(comments.map(([code]) => code).sort()).toEqual(CODES);
    for (const [code, comment] of comments) expect([code, comment]).toEqual([code, ERROR_CODES[code as MdkgCode].when]);
  });

  it('the README links docs/errors.md', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('[docs/errors.md](docs/errors.md)');
  });

  it('every MDKG_ name in src/ is a code or an environment variable, and every code is raised somewhere', () => {
    const named = new Set<string>();
    const raised = new Set<string>();
    // environment variables (read as process.env.MDKG_*, or MDKG_DEBUG=1 and MDKG_CONFIG in bin/) are not codes
    const env = new Set<string>(['MDKG_DEBUG', 'MDKG_CONFIG']);
    const files = sources(join(ROOT, 'src'));
    expect(files).toContain(join(ROOT, 'src', 'errors.ts'));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/process\.env\.(MDKG_[A-Z_]+)/g)) env.add(m[1]!);
      for (const m of text.matchAll(NAME)) named.add(m[0]);
      // raised or reported: the code as a string ('MDKG_X' or "MDKG_X"), not only in a comment or a message
      if (file !== join(ROOT, 'src', 'errors.ts')) for (const m of text.matchAll(/(['"])(MDKG_[A-Z_]+)\1/g)) raised.add(m[2]!);
    }
    expect([...named].filter((name) => !(name in ERROR_CODES) && !env.has(name)).sort()).toEqual([]);
    expect(CODES.filter((code) => !raised.has(code))).toEqual([]);
  });
});
