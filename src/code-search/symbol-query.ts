// Symbols and files named by a query: the words of a request that look like identifiers or file
// names (`loadGraph`, `KnowledgeGraph.load`, `tool-index.ts`), and search_by_symbol's lookups
// (exact, prefix, contains, fuzzy by edit distance).
import { maxDistance } from '../search/text/fuzzy.js';
import { osaDistance } from '../search/text/edit-distance.js';
import type { CodeIndex } from './code-index.js';
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

/** camelCase, PascalCase with an inner capital, snake_case, dotted or a path: written as code. */
function looksLikeCode(word: string): boolean {
  return /[a-z0-9][A-Z]/.test(word) || /[A-Za-z]_[A-Za-z]/.test(word) || /[A-Za-z]\.[A-Za-z]/.test(word) || word.includes('/');
}

/** Symbols and files the query names. */
export function namedSymbols(index: CodeIndex, query: string): NamedRef[] {
  const out = new Map<number, NamedRef>();
  const put = (ref: number, tier: number, evidence: CodeEvidence): void => {
    const now = out.get(ref);
    if (now === undefined || tier > now.tier) out.set(ref, { ref, tier, evidence });
  };
  const all = words(query);
  for (const word of all) {
    const lower = word.toLowerCase();
    // A plain word (`read`) names a symbol only when it is the whole query.
    const code = looksLikeCode(word) || all.length === 1;
    for (const f of index.byFileName.get(lower) ?? []) put(-1 - f, 4, { source: 'symbol', rule: 'file' });
    if (word.includes('/'))
      index.files.forEach((f, i) => {
        if (f.path.toLowerCase().endsWith(`/${lower}`)) put(-1 - i, 3, { source: 'symbol', rule: 'file' });
      });
    const exact: number[] = [];
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
