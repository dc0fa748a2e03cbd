import type { Diagnostic } from '../../errors.js';

/** Kinds of symbols, as `mdkg:kind` values. */
export type SymbolKind =
  | 'function'
  | 'method'
  | 'class'
  | 'struct'
  | 'interface'
  | 'trait'
  | 'type'
  | 'enum'
  | 'module'
  | 'constant'
  | 'macro'
  | 'reexport'
  | 'block';

/** A named unit of code found by the grammar's tags queries (or a block of lines of a file without a grammar). */
export interface CodeSymbol {
  kind: SymbolKind;
  name: string;
  /** The names of the enclosing symbols and the name, joined with `.` (`Class.method`). */
  qualifiedName: string;
  /** The declaration up to its body, whitespace collapsed, at most MAX_SIGNATURE characters. */
  signature: string;
  /** The comment directly above (JSDoc, `//`, `#`), or a Python docstring, markers stripped. */
  doc?: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /** Index of the enclosing symbol in the file's symbol list. */
  parent?: number;
  /** Decorators, annotations and attributes on the declaration, as written (whitespace collapsed). */
  decorators: string[];
  /** Chunking (chunks.ts): the symbol whose search unit holds this short symbol's text; absent when it is a unit of its own. */
  foldedInto?: number;
  /** Chunking: a long class-like symbol whose unit is its header and member names, each member unit standing alone. */
  split?: true;
}

/** One import statement: the module as written and the names it binds in this file. */
export interface CodeImport {
  module: string;
  /** `imported` is the name in the module (`default`, `*` for a namespace); `local` the name here. */
  names: Array<{ imported: string; local: string }>;
  line: number;
}

/** A call from a symbol (or the file's top level) to a symbol found by name. */
export interface CodeCall {
  /** Index of the calling symbol; undefined for top-level code. */
  from?: number;
  name: string;
  line: number;
  /** How the callee was found: `import` (through an import: extracted), `same-file` (a symbol of this file with that name: inferred). */
  via?: { rule: 'import'; module: string; imported: string } | { rule: 'same-file'; symbol: number };
}

/** What parsing one file yields. */
export interface CodeModel {
  language: string;
  symbols: CodeSymbol[];
  imports: CodeImport[];
  calls: CodeCall[];
  /** Syntax errors (MDKG_CODE_SYNTAX), each with the file and line. */
  diagnostics: Diagnostic[];
}
