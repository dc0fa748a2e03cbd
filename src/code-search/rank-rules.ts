// General ranking rules of search_code (issue 28), each computed from the index, never from a list:
// - a query term shared by a large share of the symbols' names and enclosing names (the project's
//   own name, a prefix every type carries) weighs like a stop word;
// - symbols of test code inside source files (a Rust `mod tests`, a module or class named
//   test/tests/testing, functions named test_*) count as test code, like test paths;
// - at most a few symbols of one file on the first page, so the second and third file show;
// - a pointer (a re-export, a module declaration without a body) ranks below what it points at.
import type { CodeIndex } from './code-index.js';

/** The share of symbols whose name or enclosing names carry a term (0 when the term is unknown). */
export function nameShare(index: CodeIndex, term: string): number {
  const n = index.symbols.length;
  const posting = index.bm25.posting(term);
  if (posting === undefined || n === 0) return 0;
  const keys = index.bm25.fieldKeys;
  let bits = 0;
  for (const field of ['name', 'context']) {
    const at = keys.indexOf(field);
    if (at >= 0) bits |= 1 << at;
  }
  let count = 0;
  for (let i = 0; i < posting.masks.length; i++) if ((posting.masks[i]! & bits) !== 0) count++;
  return count / n;
}

/**
 * The weight of a query term by how many symbol names carry it: `weight` as given below `share`,
 * `common` from `share` on. Indexes of fewer than `minSymbols` symbols are left alone (a share of a
 * handful of names says nothing).
 */
export function commonTermWeight(index: CodeIndex, term: string, weight: number, rule: { share: number; common: number; minSymbols: number }): number {
  if (index.symbols.length < rule.minSymbols) return weight;
  return nameShare(index, term) >= rule.share ? Math.min(weight, rule.common) : weight;
}

const TEST_NAME = /^(tests?|testing|test_?utils?|test_?support)$/i;

/** A module, class or namespace name that says test code (`tests`, `testing`, `test_utils`). */
const testName = (name: string): boolean => TEST_NAME.test(name);

/**
 * Whether a symbol is test code by its own or its enclosing names: inside a module, class or
 * namespace named test/tests/testing (Rust `mod tests`), or itself a function or method named
 * `test_*`/`Test*` (Python, Rust, Go test functions), or in a file whose base name (without
 * extension) is such a name (`testing.py`, `test_utils.go`).
 */
export function isInlineTest(index: CodeIndex, ref: number): boolean {
  const s = index.symbols[ref]!;
  if ((s.kind === 'function' || s.kind === 'method') && /^(test_|Test[A-Z_])/.test(s.name)) return true;
  for (let p = s.parent; p >= 0; p = index.symbols[p]!.parent) if (testName(index.symbols[p]!.name)) return true;
  if (s.kind === 'module' && testName(s.name)) return true;
  const path = index.files[s.file]!.path;
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return testName(base);
}

/**
 * Reorders a ranked list so that among the first `window` items at most `cap` come from one file;
 * the items held back follow the window in their order. Pinned items (named symbols) are never
 * held back, but count towards their file's cap.
 */
export function capPerFile<T>(ranked: readonly T[], fileOf: (item: T) => number, cap: number, window: number, pinned: (item: T) => boolean = () => false): T[] {
  if (cap <= 0 || window <= 0) return [...ranked];
  const out: T[] = [];
  const held: T[] = [];
  const count = new Map<number, number>();
  for (const item of ranked) {
    if (out.length >= window) {
      out.push(item);
      continue;
    }
    const f = fileOf(item);
    const c = count.get(f) ?? 0;
    if (c >= cap && !pinned(item)) held.push(item);
    else {
      count.set(f, c + 1);
      out.push(item);
    }
  }
  // Held-back items come right after the window, before what followed it.
  return [...out.slice(0, window), ...held, ...out.slice(window)];
}

/**
 * Whether a symbol only points at code elsewhere: a re-export (`pub use`, `export … from`) or a
 * module declaration without a body (Rust `mod x;`, one line, no members). A request naming it
 * means its target (the definition, the file x.rs), which ranks first.
 */
export function isPointer(index: CodeIndex, ref: number): boolean {
  const s = index.symbols[ref]!;
  return s.kind === 'reexport' || (s.kind === 'module' && s.startLine === s.endLine && index.children[ref]!.length === 0);
}
