// get_repo_map: the repository's most important symbols within a token budget. Importance is a
// PageRank over the reference graph: nodes are symbols and files; a symbol links to the symbols it
// calls and to its enclosing symbol, a file to the files it imports and to the symbols its top-level
// code calls, an imported file to its top-level symbols. With `focus` (files or symbols), the random
// jump lands on them only (personalised PageRank), so the map leans towards what is being worked on.
// The repository's entry points (entry-points.ts) come first, in up to ENTRY_SHARE of the budget;
// pointers elsewhere (re-exports, `mod x;`) are left to what they point at.
import { escapeForTerminal } from '../util/terminal-text.js';
import type { CodeIndex } from './code-index.js';
import { entryPoints } from './entry-points.js';
import { isPointer } from './rank-rules.js';
import { snippetOf } from './search-code.js';

export interface RepoMapOptions {
  /** Most tokens of the rendered map (≈ 4 characters a token; default 1024). */
  budgetTokens?: number;
  /** Files or folders (relative to the root, already confined) and symbol names to lean towards. */
  focus?: readonly string[];
}

export interface RepoMapSymbol {
  id: string;
  file: string;
  qualifiedName: string;
  kind: string;
  line: number;
  signature: string;
  rank: number;
}

export interface RepoMap {
  text: string;
  tokens: number;
  budgetTokens: number;
  symbols: RepoMapSymbol[];
  /** Focus entries that matched no file or symbol. */
  unmatchedFocus: string[];
}

const DAMPING = 0.85;
/** Longest signature shown on a line of the map, in characters (longer ones end in `…`): a signature with comments inside must not take a tenth of the budget. */
export const MAP_SIGNATURE = 120;
/** Share of the budget the entry points may take before the rest of the map is chosen. */
export const ENTRY_SHARE = 0.5;
const ITERATIONS = 40;

/** Personalised PageRank over weighted edges (`from`, `to`, `weight`); dangling mass jumps as teleport does. */
export function pageRank(size: number, edges: readonly [number, number, number][], teleport?: Float64Array): Float64Array {
  const jump = teleport ?? new Float64Array(size).fill(1 / Math.max(1, size));
  const outWeight = new Float64Array(size);
  for (const [from, , w] of edges) outWeight[from]! += w;
  let rank = Float64Array.from(jump);
  for (let it = 0; it < ITERATIONS; it += 1) {
    const next = new Float64Array(size);
    let dangling = 0;
    for (let i = 0; i < size; i += 1) if (outWeight[i] === 0) dangling += rank[i]!;
    for (const [from, to, w] of edges) next[to]! += (DAMPING * rank[from]! * w) / outWeight[from]!;
    for (let i = 0; i < size; i += 1) next[i]! += (1 - DAMPING + DAMPING * dangling) * jump[i]!;
    rank = next;
  }
  return rank;
}

/** Nodes 0..symbols-1 are symbols, then one per file. */
function referenceEdges(index: CodeIndex): [number, number, number][] {
  const n = index.symbols.length;
  const edges: [number, number, number][] = [];
  index.symbols.forEach((s, i) => {
    for (const t of s.calls) edges.push([i, t, 1]);
    if (s.parent >= 0) edges.push([i, s.parent, 0.5]);
  });
  index.files.forEach((f, i) => {
    for (const t of f.imports) edges.push([n + i, n + t, 1]);
    for (const t of index.fileCalls.get(i) ?? []) edges.push([n + i, t, 1]);
    for (const s of f.symbols) if (index.symbols[s]!.parent < 0) edges.push([n + i, s, 0.5]);
  });
  return edges;
}

function focusTeleport(index: CodeIndex, focus: readonly string[]): { teleport?: Float64Array; unmatched: string[] } {
  const n = index.symbols.length;
  const chosen = new Set<number>();
  const unmatched: string[] = [];
  for (const raw of focus) {
    const f = raw.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
    const before = chosen.size;
    index.files.forEach((file, i) => {
      if (f === '' || file.path === f || file.path.startsWith(`${f}/`)) {
        chosen.add(n + i);
        for (const s of file.symbols) chosen.add(s);
      }
    });
    for (const s of index.byName.get(f.toLowerCase()) ?? []) chosen.add(s);
    if (chosen.size === before) unmatched.push(raw);
  }
  if (chosen.size === 0) return { unmatched };
  const teleport = new Float64Array(n + index.files.length);
  for (const i of chosen) teleport[i] = 1 / chosen.size;
  return { teleport, unmatched };
}

/** A signature's lines (each trimmed) joined by one space. */
const oneLine = (text: string): string =>
  text
    .split('\n')
    .map((l) => l.trim())
    .join(' ');

/** At most `max` characters, the last one `…` when cut. */
const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export function repoMap(index: CodeIndex, options: RepoMapOptions = {}): RepoMap {
  const budget = Math.max(64, Math.floor(options.budgetTokens ?? 1024));
  const n = index.symbols.length;
  const { teleport, unmatched } = focusTeleport(index, options.focus ?? []);
  const rank = pageRank(n + index.files.length, referenceEdges(index), teleport);
  const byRank = (a: number, b: number): number => rank[b]! - rank[a]! || a - b;
  const tiers = entryPoints(index);
  const entries = [...tiers.named.sort(byRank), ...tiers.members.sort(byRank), ...tiers.next.sort(byRank)];
  const order = index.symbols
    .map((_, i) => i)
    .filter((i) => index.symbols[i]!.kind !== 'block' && !isPointer(index, i))
    .sort(byRank);
  // Greedy: symbols in rank order while the rendered map (grouped by file) fits the budget.
  const picked: number[] = [];
  const chosen = new Set<number>();
  const files = new Set<number>();
  let chars = 0;
  const line = (i: number): string => {
    const s = index.symbols[i]!;
    // One line per symbol and per file, whatever the names hold: a signature's line breaks (and
    // the indentation after them) become one space, and every name is escaped (escapeForTerminal).
    const head = escapeForTerminal(s.signature === '' ? `${s.kind} ${s.qualifiedName}` : cut(oneLine(s.signature), MAP_SIGNATURE));
    return `  ${s.startLine}: ${head}${s.parent >= 0 ? ` (in ${escapeForTerminal(index.symbols[s.parent]!.name)})` : ''}\n`;
  };
  const pick = (list: readonly number[], limit: number): void => {
    for (const i of list) {
      if (chosen.has(i)) continue;
      const file = index.symbols[i]!.file;
      const cost = line(i).length + (files.has(file) ? 0 : escapeForTerminal(index.files[file]!.path).length + 1);
      if ((chars + cost) / 4 > limit) continue;
      chars += cost;
      files.add(file);
      picked.push(i);
      chosen.add(i);
    }
  };
  pick(entries, budget * ENTRY_SHARE);
  pick(order, budget);
  picked.sort(byRank);
  const byFile = new Map<number, number[]>();
  for (const i of picked) {
    const f = index.symbols[i]!.file;
    byFile.set(f, [...(byFile.get(f) ?? []), i]);
  }
  let text = '';
  for (const f of [...byFile.keys()].sort((a, b) => a - b)) {
    text += `${escapeForTerminal(index.files[f]!.path)}\n`;
    for (const i of byFile.get(f)!.sort((a, b) => index.symbols[a]!.startLine - index.symbols[b]!.startLine)) text += line(i);
  }
  const max = picked.length === 0 ? 1 : rank[picked[0]!]!;
  return {
    text,
    tokens: Math.ceil(text.length / 4),
    budgetTokens: budget,
    symbols: picked.map((i) => {
      const s = index.symbols[i]!;
      return {
        id: index.symbolId(i),
        file: index.files[s.file]!.path,
        qualifiedName: s.qualifiedName,
        kind: s.kind,
        line: s.startLine,
        signature: snippetOf('', s.signature),
        rank: Math.round((rank[i]! / max) * 1000) / 1000,
      };
    }),
    unmatchedFocus: unmatched,
  };
}
