// The entry points of a repository, from its paths and symbols alone (no package manifest is
// indexed): its main modules and the public types (with their public methods) a user calls first.
// The repository map keeps them before anything else (repo-map.ts).
//
// Main modules: the files with a conventional entry name (`lib.rs`, `main.rs`, `__init__.py`,
// `index.ts`/`.js`, `main.go`, …) at the shallowest depth of code, or one below it in a `src/` or
// `lib/` folder (`src/lib.rs` beside a `build.rs`); else every code file at the shallowest depth
// (Go's package files, a TypeScript `lib/` whose main module is named after the package). A main
// module that defines no type of its own (a barrel of re-exports, `mod x;` lines and imports) leads
// one step further, to the files it imports.
import { type CodeIndex, isTestPath } from './code-index.js';

const ENTRY_NAME = /^(lib\.rs|main\.rs|__init__\.py|index\.[cm]?[jt]sx?|main\.(go|py|[cm]?[jt]sx?))$/;
/** Kinds that are types a user instantiates or implements. */
const TYPE_KINDS = new Set(['class', 'struct', 'enum', 'trait']);
/** Kinds of a main module's own top-level symbols that are its API. */
const MAIN_KINDS = new Set([...TYPE_KINDS, 'function', 'macro', 'reexport', 'constant']);

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const depth = (path: string): number => path.split('/').length - 1;

/** Whether a symbol is public by its language's convention (a `pub`, `public` or exported name; no `_`, `#`, `private`). */
export function isPublic(index: CodeIndex, ref: number): boolean {
  const s = index.symbols[ref]!;
  const language = index.files[s.file]!.language;
  if (/^[_#]/.test(s.name) || /^(private|protected|internal)\b/.test(s.signature)) return false;
  if (language === 'rust') return /^pub\s/.test(s.signature) || s.kind === 'reexport' || s.kind === 'macro' || index.symbols[s.parent]?.kind === 'trait';
  if (language === 'go') return /^[A-Z]/.test(s.name);
  if (language === 'java' || language === 'csharp') return /\bpublic\b/.test(s.signature) || index.symbols[s.parent]?.kind === 'interface';
  return true;
}

/** Of files given by path (and whether each is code, not test code), the indexes of the main modules. */
export function pickMainModules(files: ReadonlyArray<{ path: string; code: boolean }>): number[] {
  const code = files.map((f, i) => ({ ...f, i })).filter((f) => f.code && !isTestPath(f.path));
  if (code.length === 0) return [];
  const top = Math.min(...code.map((f) => depth(f.path)));
  const named = code.filter((f) => {
    if (!ENTRY_NAME.test(baseName(f.path))) return false;
    const d = depth(f.path);
    return d === top || (d === top + 1 && /^(src|lib)$/.test(f.path.split('/').at(-2) ?? ''));
  });
  return (named.length > 0 ? named : code.filter((f) => depth(f.path) === top)).map((f) => f.i);
}

/** The main modules of the index (file indexes, ascending). */
export function mainModules(index: CodeIndex): number[] {
  return pickMainModules(
    index.files.map((f) => ({
      path: f.path,
      code: ENTRY_NAME.test(baseName(f.path)) || f.symbols.some((s) => index.symbols[s]!.kind !== 'block'),
    })),
  );
}

/** The entry points in three tiers, each to be ordered by rank. */
export interface EntryPoints {
  /** What a main module offers by name: the public types it defines, or for a barrel (a main module without types of its own) the types and functions it re-exports. */
  named: number[];
  /** The public methods of those types (the first of overloads of one name). */
  members: number[];
  /** The main modules' other public top-level symbols (a resolved re-export as its target), and the public types (with methods) of the files a barrel imports. */
  next: number[];
}

export function entryPoints(index: CodeIndex): EntryPoints {
  const named = new Set<number>();
  const members = new Set<number>();
  const next = new Set<number>();
  const seen = (ref: number): boolean => named.has(ref) || members.has(ref) || next.has(ref);
  const methodsOf = (type: number, into: Set<number>): void => {
    // One line per method name: the overloads of `validate` after the first add nothing a reader needs.
    const names = new Set<string>();
    for (const c of index.children[type]!) {
      const m = index.symbols[c]!;
      if (m.kind !== 'method' || !isPublic(index, c) || seen(c) || names.has(m.qualifiedName)) continue;
      names.add(m.qualifiedName);
      into.add(c);
    }
  };
  /** Takes a top-level public symbol of these kinds into `into` (its methods into `methods`); a resolved re-export as its target. */
  const take = (ref: number, kinds: ReadonlySet<string>, into: Set<number>, methods: Set<number>, hops = 0): void => {
    const s = index.symbols[ref]!;
    if (s.parent >= 0 || !kinds.has(s.kind) || !isPublic(index, ref) || seen(ref)) return;
    if (s.kind === 'reexport' && s.calls.length > 0) {
      // A chain of re-exports, up to a few steps.
      if (hops < 4) for (const t of s.calls) take(t, kinds, into, methods, hops + 1);
      return;
    }
    into.add(ref);
    if (TYPE_KINDS.has(s.kind)) methodsOf(ref, methods);
  };
  const mains = mainModules(index).map((f) => index.files[f]!);
  const barrel = (file: { symbols: number[] }): boolean => !file.symbols.some((s) => TYPE_KINDS.has(index.symbols[s]!.kind));
  for (const file of mains) {
    if (barrel(file)) for (const s of file.symbols) take(s, MAIN_KINDS, named, members);
    else for (const s of file.symbols) if (TYPE_KINDS.has(index.symbols[s]!.kind)) take(s, TYPE_KINDS, named, members);
  }
  for (const file of mains) {
    for (const s of file.symbols) take(s, MAIN_KINDS, next, next);
    if (barrel(file))
      for (const g of file.imports) if (!isTestPath(index.files[g]!.path)) for (const s of index.files[g]!.symbols) take(s, TYPE_KINDS, next, next);
  }
  return { named: [...named], members: [...members], next: [...next] };
}
