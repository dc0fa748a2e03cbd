import type { CodeSymbol, SymbolKind } from './types.js';

/** A symbol shorter than this many lines that has an enclosing symbol is not a search unit of its own. */
export const FOLD_UNDER_LINES = 5;
/** A type longer than this many lines is split: its unit is its header and member names, each member unit stands alone. */
export const SPLIT_OVER_LINES = 100;
/** Kinds that are split by member when long. */
const SPLIT_KINDS = new Set<SymbolKind>(['class', 'struct', 'interface', 'trait', 'enum', 'module']);

const lineCount = (s: CodeSymbol): number => s.endLine - s.startLine + 1;

/**
 * Applies the chunking rules to a file's symbols, in place. Every symbol stays a symbol (findable by
 * name and qualified name); what changes is the search unit its text belongs to:
 * - a symbol under FOLD_UNDER_LINES lines with a parent folds: `foldedInto` is its nearest
 *   ancestor that does not fold (a one-line getter's text counts in its class's unit). Top-level
 *   symbols and blocks never fold: there is no unit above them.
 * - a class-like symbol over SPLIT_OVER_LINES lines with at least one member that is a unit of its
 *   own is `split`: its unit keeps its header, doc comment and member names, and each such member
 *   is its own unit (its text is not repeated in the class's unit).
 */
export function chunkSymbols(symbols: CodeSymbol[]): void {
  const folds = (s: CodeSymbol): boolean => s.parent !== undefined && s.kind !== 'block' && lineCount(s) < FOLD_UNDER_LINES;
  for (const s of symbols) {
    delete s.foldedInto;
    delete s.split;
    if (!folds(s)) continue;
    // Parents are acyclic (enclosing ranges, or a named type); a cycle all the same folds nowhere.
    let unit = s.parent;
    let hops = 0;
    while (unit !== undefined && hops <= symbols.length && folds(symbols[unit] as CodeSymbol)) {
      unit = symbols[unit]?.parent;
      hops += 1;
    }
    if (unit !== undefined && hops <= symbols.length && symbols[unit] !== s) s.foldedInto = unit;
  }
  const hasMemberUnit = new Set<number>();
  for (const s of symbols) if (s.parent !== undefined && s.foldedInto === undefined) hasMemberUnit.add(s.parent);
  symbols.forEach((s, i) => {
    if (SPLIT_KINDS.has(s.kind) && lineCount(s) > SPLIT_OVER_LINES && hasMemberUnit.has(i)) s.split = true;
  });
}
