import type { Node } from 'web-tree-sitter';
import type { Diagnostic } from '../../errors.js';
import { buildSymbols, enclosing, readMatches } from './definitions.js';
import { grammarFor } from './grammar.js';
import { readImports } from './imports.js';
import { languageFor, type LanguageSpec } from './languages.js';
import type { CodeCall, CodeImport, CodeModel, CodeSymbol } from './types.js';

/** Syntax errors reported per file, at most. */
const MAX_SYNTAX_DIAGNOSTICS = 5;

/** The first syntax errors (ERROR or MISSING nodes), each as a diagnostic at its line. */
function syntaxDiagnostics(root: Node, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const visit = (node: Node): void => {
    if (out.length >= MAX_SYNTAX_DIAGNOSTICS) return;
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
      return;
    }
    for (const child of node.children) if (child.hasError || child.isMissing) visit(child);
  };
  visit(root);
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

/** Parses source text in a language: symbols, imports, calls and syntax diagnostics. */
export async function parseCode(text: string, spec: LanguageSpec, file: string): Promise<CodeModel> {
  const grammar = await grammarFor(spec);
  const tree = grammar.parser.parse(text);
  if (tree === null) {
    return {
      language: spec.id,
      symbols: [],
      imports: [],
      calls: [],
      diagnostics: [{ code: 'MDKG_CODE_SYNTAX', severity: 'warning', message: 'the parser gave no tree', file }],
    };
  }
  try {
    const root = tree.rootNode;
    const { found, containers, calls } = readMatches(grammar.query.matches(root));
    const symbols = buildSymbols(found, containers, text);
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
