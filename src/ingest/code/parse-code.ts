import type { Node } from 'web-tree-sitter';
import type { Diagnostic } from '../../errors.js';
import { textBlocks } from './blocks.js';
import { chunkSymbols } from './chunks.js';
import { buildSymbols, enclosing, readMatches } from './definitions.js';
import { grammarFor } from './grammar.js';
import { readImports } from './imports.js';
import { languageFor, type LanguageSpec } from './languages.js';
import { decorations } from './node-text.js';
import { javascriptReexports, reexportSignature, rustUses, type UseLeaf } from './reexports.js';
import type { CodeCall, CodeImport, CodeModel, CodeSymbol } from './types.js';

/** Syntax errors reported per file, at most. */
const MAX_SYNTAX_DIAGNOSTICS = 5;
/**
 * Time a file may take to parse and to query. Tree-sitter's query cursor is superlinear on some
 * hostile shapes (100,000 nested brackets: 44 s); such a file is read as text blocks instead.
 */
export const DEFAULT_PARSE_BUDGET_MS = 5000;

/** The first syntax errors (ERROR or MISSING nodes), each as a diagnostic at its line. */
function syntaxDiagnostics(root: Node, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Depth first, in source order, with a stack of its own: hostile nesting must not overflow the call stack.
  const stack: Node[] = [root];
  while (stack.length > 0 && out.length < MAX_SYNTAX_DIAGNOSTICS) {
    const node = stack.pop();
    if (node === undefined) break;
    if (node.isError || node.isMissing) {
      out.push({
        code: 'MDKG_CODE_SYNTAX',
        severity: 'warning',
        message: node.isMissing
          ? `syntax error: missing ${node.type}; symbols are what the parser recovered`
          : 'syntax error; symbols are what the parser recovered',
        file,
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
      });
      continue;
    }
    const children = node.children.filter((c) => c.hasError || c.isMissing);
    for (let k = children.length - 1; k >= 0; k -= 1) {
      const child = children[k];
      if (child !== undefined) stack.push(child);
    }
  }
  return out;
}

/**
 * Resolves calls by name: a name an import binds is that import's (extracted); otherwise a symbol
 * of this file with that name, a top-level one first (inferred); otherwise left unresolved.
 */
function resolveCalls(calls: CodeCall[], symbols: readonly CodeSymbol[], imports: readonly CodeImport[]): void {
  const imported = new Map<string, { module: string; imported: string }>();
  for (const i of imports)
    for (const n of i.names) if (n.local !== '*' && !imported.has(n.local)) imported.set(n.local, { module: i.module, imported: n.imported });
  const local = new Map<string, number>();
  symbols.forEach((s, index) => {
    const known = local.get(s.name);
    if (known === undefined || (symbols[known]?.parent !== undefined && s.parent === undefined)) local.set(s.name, index);
  });
  for (const call of calls) {
    const viaImport = imported.get(call.name);
    const symbol = local.get(call.name);
    if (viaImport !== undefined) call.via = { rule: 'import', ...viaImport };
    else if (symbol !== undefined && symbol !== call.from) call.via = { rule: 'same-file', symbol };
  }
}

/**
 * Re-export symbols (kind `reexport`, named by the name exported here, with the statement's doc
 * comment), each calling its target through the import (an edge to the target symbol when the
 * module resolves to a file of the repository). Wildcards re-export no name and make none.
 */
function reexportSymbols(
  leaves: readonly UseLeaf[],
  language: string,
  parents: ReadonlyArray<number | undefined>,
  symbols: CodeSymbol[],
  calls: CodeCall[],
): void {
  leaves.forEach((leaf, k) => {
    if (!leaf.exported || leaf.local === '*') return;
    const parent = parents[k];
    const owner = parent === undefined ? undefined : symbols[parent];
    const { doc, decorators } = decorations(leaf.statement);
    const line = leaf.statement.startPosition.row + 1;
    const index = symbols.length;
    symbols.push({
      kind: 'reexport',
      name: leaf.local,
      qualifiedName: owner === undefined ? leaf.local : `${owner.qualifiedName}.${leaf.local}`,
      signature: reexportSignature(leaf, language),
      ...(doc === undefined ? {} : { doc }),
      startLine: line,
      endLine: leaf.statement.endPosition.row + 1,
      ...(parent === undefined ? {} : { parent }),
      decorators,
    });
    calls.push({ from: index, name: leaf.local, line, via: { rule: 'import', module: leaf.module, imported: leaf.imported } });
  });
}

/** A file over its time budget: its text as blocks of lines, and why. */
function overBudget(text: string, spec: LanguageSpec, file: string, budgetMs: number): CodeModel {
  const model = textBlocks(text, spec.id);
  model.diagnostics.push({
    code: 'MDKG_CODE_TIMEOUT',
    severity: 'warning',
    message: `parsing took over ${budgetMs} ms: the file is indexed as blocks of lines, without symbols`,
    file,
  });
  return model;
}

/** Parses source text in a language: symbols, imports, calls and syntax diagnostics. */
export async function parseCode(text: string, spec: LanguageSpec, file: string, budgetMs = DEFAULT_PARSE_BUDGET_MS): Promise<CodeModel> {
  const grammar = await grammarFor(spec);
  const deadline = performance.now() + budgetMs;
  const overdue = (): boolean => performance.now() > deadline;
  const tree = grammar.parser.parse(text, null, { progressCallback: overdue });
  if (tree === null) {
    // Cancelled: the parser would resume this parse on its next call.
    grammar.parser.reset();
    return overBudget(text, spec, file, budgetMs);
  }
  try {
    const root = tree.rootNode;
    const matches = grammar.query.matches(root, { progressCallback: overdue });
    if (overdue()) return overBudget(text, spec, file, budgetMs);
    const { found, containers, calls } = readMatches(matches);
    const symbols = buildSymbols(found, containers, text);
    chunkSymbols(symbols);
    const imports = readImports(root, spec.id);
    const sorted = calls.sort((a, b) => a.node.startIndex - b.node.startIndex);
    const from = enclosing(
      found,
      sorted.map((c) => c.node.startIndex),
    );
    const codeCalls: CodeCall[] = sorted.map((c, i) => {
      const caller = from[i];
      return { ...(caller === undefined ? {} : { from: caller }), name: c.name, line: c.node.startPosition.row + 1 };
    });
    resolveCalls(codeCalls, symbols, imports);
    const leaves = spec.id === 'rust' ? rustUses(root) : ['typescript', 'tsx', 'javascript'].includes(spec.id) ? javascriptReexports(root) : [];
    const parents = enclosing(
      found,
      leaves.map((l) => l.statement.startIndex),
    );
    reexportSymbols(leaves, spec.id, parents, symbols, codeCalls);
    const diagnostics = root.hasError ? syntaxDiagnostics(root, file) : [];
    return { language: spec.id, symbols, imports, calls: codeCalls, diagnostics };
  } finally {
    tree.delete();
  }
}

/** Parses a file's text by its name's language; undefined when no grammar reads it. */
export async function parseFile(path: string, text: string): Promise<CodeModel | undefined> {
  const spec = languageFor(path);
  return spec === undefined ? undefined : parseCode(text, spec, path);
}
