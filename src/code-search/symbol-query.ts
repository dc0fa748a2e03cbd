// Symbols and files named by a query: the words of a request that look like identifiers or file
// names (`loadGraph`, `KnowledgeGraph.load`, `Parser::next_token`, `tool-index.ts`), and search_by_symbol's lookups
// (exact, prefix, contains, fuzzy by edit distance).
import { maxDistance } from '../search/text/fuzzy.js';
import { osaDistance } from '../search/text/edit-distance.js';
import type { CodeIndex } from './code-index.js';
import { isPointer } from './rank-rules.js';
import type { CodeEvidence, SymbolMatchMode } from './types.js';

export interface NamedRef {
  /** Symbol index, or -1 - file index for a file. */
  ref: number;
  /** 4 exact, 3 case-insensitive or file, 2 prefix, 1 a caller of an exact match. */
  tier: number;
  evidence: CodeEvidence;
}

/** Words of a request stripped of quotes, brackets and call parentheses (`loadGraph()` -> loadGraph). */
function words(query: string): string[] {
  return query
    .split(/\s+/)
    .map((w) =>
      w
        .replace(/^[`'"(<[{]+/, '')
        .replace(/(\(\))?[`'"),;:?!>\]}]*$/, '')
        .replace(/\.$/, ''),
    )
    .filter((w) => w.length >= 3);
}

/** A sigil before a name: `$Type` (JavaScript, PHP), `@decorator` (Python, TypeScript), Rust's raw `r#type`. */
const SIGIL = /^(\$+|@|r#)(?=[A-Za-z_])/;

/** A name without its sigil (`$Type` -> Type); the name itself when it has none. */
export const bareName = (name: string): string => name.replace(SIGIL, '');

/** camelCase, PascalCase with an inner capital, snake_case, dotted or `::`/`#` qualified, a path or a sigil: written as code. */
function looksLikeCode(word: string): boolean {
  return /[a-z0-9][A-Z]/.test(word) || /[A-Za-z]_[A-Za-z]/.test(word) || /[A-Za-z>](\.|::|#)[A-Za-z_]/.test(word) || word.includes('/') || SIGIL.test(word);
}

/**
 * A qualified name as the index writes it: the path separators of other languages (`Type::method`
 * in Rust and C++, `Class#method` in Ruby and Javadoc) become dots, and generic arguments are
 * dropped (`Map<K, V>.get` -> `Map.get`), so `Reader::into_iter` names
 * `Reader<R>.into_iter`.
 */
export function plainQualified(name: string): string {
  // Rust's raw identifier `r#type` keeps its `#`.
  let out = name.replace(/([A-Za-z0-9_>]+)(::|#)(?=[A-Za-z_])/g, (whole, left: string, sep: string) => (sep === '#' && left === 'r' ? whole : `${left}.`));
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(/<[^<>]*>/g, '');
  }
  return out;
}

/** Lookups built once per index: names with a sigil by their bare lower-case name, files by name without extension. */
interface ExtraNames {
  /** `type` -> symbols named `$Type`, `r#type`. */
  bare: Map<string, number[]>;
  /** `macros` -> `src/macros.rs`; a module's own file (`mod.rs`, `__init__.py`, `index.ts`) also by its folder's name. */
  stems: Map<string, number[]>;
  /** Lower-case qualified names without generic arguments, where they differ (`reader.into_iter` -> `Reader<R>.into_iter`). */
  plain: Map<string, number[]>;
}

const extras = new WeakMap<CodeIndex, ExtraNames>();
const push = (map: Map<string, number[]>, key: string, i: number): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [i]);
  else if (list.at(-1) !== i) list.push(i);
};

function extraNames(index: CodeIndex): ExtraNames {
  const known = extras.get(index);
  if (known !== undefined) return known;
  const bare = new Map<string, number[]>();
  const plain = new Map<string, number[]>();
  index.symbols.forEach((s, i) => {
    if (SIGIL.test(s.name)) push(bare, bareName(s.name).toLowerCase(), i);
    const p = plainQualified(s.qualifiedName);
    if (p !== s.qualifiedName) push(plain, p.toLowerCase(), i);
  });
  const stems = new Map<string, number[]>();
  index.files.forEach((f, i) => {
    const parts = f.path.toLowerCase().split('/');
    const base = parts.at(-1) ?? '';
    const dot = base.lastIndexOf('.');
    if (dot <= 0) return;
    const stem = base.slice(0, dot);
    push(stems, stem, i);
    const folder = parts.at(-2);
    if (folder !== undefined && /^(mod|__init__|index)$/.test(stem)) push(stems, folder, i);
  });
  const built = { bare, stems, plain };
  extras.set(index, built);
  return built;
}

/** Symbols and files the query names. */
export function namedSymbols(index: CodeIndex, query: string): NamedRef[] {
  const out = new Map<number, NamedRef>();
  const put = (ref: number, tier: number, evidence: CodeEvidence): void => {
    // A pointer (a re-export, `mod x;`) is never lifted by its name: what it points at is.
    const lifted = ref >= 0 && isPointer(index, ref) ? 0 : tier;
    const now = out.get(ref);
    if (now === undefined || lifted > now.tier) out.set(ref, { ref, tier: lifted, evidence });
  };
  const all = words(query);
  const { bare, stems, plain } = extraNames(index);
  for (const written of all) {
    // `Type::method`, `Class#method` name `Type.method` (plainQualified).
    const word = /::|#/.test(written) && !SIGIL.test(written) && looksLikeCode(written) ? plainQualified(written) : written;
    const lower = word.toLowerCase();
    // A plain word (`read`) names a symbol only when it is the whole query.
    const code = looksLikeCode(word) || all.length === 1;
    for (const f of index.byFileName.get(lower) ?? []) put(-1 - f, 4, { source: 'symbol', rule: 'file' });
    // A file's name without its extension (`macros` -> macros.rs), below a name written whole.
    if (code) for (const f of stems.get(bareName(lower)) ?? []) put(-1 - f, 3, { source: 'symbol', rule: 'file' });
    // A name with or without its sigil: `Type` finds `$Type`, `$Type` finds `Type`, each below the name as written.
    if (code) {
      const plain = bareName(lower);
      for (const i of [...(bare.get(plain) ?? []), ...(plain === lower ? [] : (index.byName.get(plain) ?? []))]) put(i, 3, { source: 'symbol', rule: 'sigil' });
    }
    if (word.includes('/'))
      index.files.forEach((f, i) => {
        if (f.path.toLowerCase().endsWith(`/${lower}`)) put(-1 - i, 3, { source: 'symbol', rule: 'file' });
      });
    const exact: number[] = [];
    // A qualified name without its generic arguments (`Reader.into_iter` -> `Reader<R>.into_iter`).
    if (code && lower.includes('.'))
      for (const i of plain.get(lower) ?? []) {
        const same = plainQualified(index.symbols[i]!.qualifiedName) === word;
        if (same) exact.push(i);
        put(i, same ? 4 : 3, { source: 'symbol', rule: same ? 'exact' : 'case-insensitive' });
      }
    for (const i of index.byName.get(lower) ?? []) {
      const s = index.symbols[i]!;
      const same = s.name === word || s.qualifiedName === word;
      if (!code) continue;
      if (same) exact.push(i);
      put(i, same ? 4 : 3, { source: 'symbol', rule: same ? 'exact' : 'case-insensitive' });
    }
    if (code && lower.length >= 4) {
      index.symbols.forEach((s, i) => {
        if (s.name.toLowerCase().startsWith(lower) || s.qualifiedName.toLowerCase().startsWith(lower)) put(i, 2, { source: 'symbol', rule: 'prefix' });
      });
    }
    for (const t of exact)
      for (const caller of index.callers[t]!) put(caller, 1, { source: 'symbol', rule: 'reference', via: { symbol: index.symbolId(t), relation: 'calls' } });
  }
  return [...out.values()];
}

export interface SymbolMatch {
  ref: number;
  rule: string;
  distance?: number;
}

/** The symbols matching `name` by `mode`, best first (exact case first, then shorter names, then path and line). */
export function lookupSymbols(index: CodeIndex, name: string, mode: SymbolMatchMode): SymbolMatch[] {
  const lower = name.toLowerCase();
  const found: (SymbolMatch & { rank: number })[] = [];
  index.symbols.forEach((s, i) => {
    const n = s.name.toLowerCase();
    const q = s.qualifiedName.toLowerCase();
    const exactCase = s.name === name || s.qualifiedName === name;
    if (mode === 'exact') {
      if (n === lower || q === lower) found.push({ ref: i, rule: exactCase ? 'exact' : 'case-insensitive', rank: exactCase ? 0 : 1 });
      else if (bareName(n) === bareName(lower)) found.push({ ref: i, rule: 'sigil', rank: 2 });
    } else if (mode === 'prefix') {
      // Names that start with the prefix first, then members of types that do (`Store` -> Store, Store.get).
      if (n.startsWith(lower) || q.startsWith(lower)) found.push({ ref: i, rule: 'prefix', rank: n.startsWith(lower) ? 0 : 1 });
    } else if (mode === 'contains') {
      if (n.includes(lower) || q.includes(lower)) found.push({ ref: i, rule: 'contains', rank: exactCase ? 0 : n.startsWith(lower) ? 1 : 2 });
    } else {
      const bound = Math.max(1, maxDistance(lower.length));
      const d = Math.min(osaDistance(lower, n, bound), osaDistance(lower, q, bound));
      if (d <= bound) found.push({ ref: i, rule: 'fuzzy', distance: d, rank: d });
    }
  });
  const key = (i: number): string => index.symbolId(i);
  found.sort(
    (a, b) =>
      a.rank - b.rank ||
      index.symbols[a.ref]!.name.length - index.symbols[b.ref]!.name.length ||
      (key(a.ref) < key(b.ref) ? -1 : key(a.ref) > key(b.ref) ? 1 : 0),
  );
  return found.map(({ rank: _rank, ...m }) => m);
}
