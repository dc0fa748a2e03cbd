import type { Diagnostic } from '../errors.js';

/** A fenced ```jsonld block of a document body. */
export interface JsonLdBlock {
  /** Parsed JSON value (an object or an array of objects). */
  value: unknown;
  /** 1-based line of the block's first content line. */
  line: number;
  /** The block's raw text, for locating keys in diagnostics. */
  text: string;
}

/** A `[[Target]]` or `[[Target|label]]` wiki link in the body. */
export interface WikiLink {
  target: string;
  label?: string;
  line: number;
  column: number;
}

/** A Markdown-LD document after parsing, before it becomes RDF. */
export interface ParsedDocument {
  /** Path relative to the graph root, with `/` separators. */
  path: string;
  /** `sha256:<hex>` of the file bytes. */
  hash: string;
  /** The front matter as a JSON value, or undefined when the document has none. */
  frontMatter: Record<string, unknown> | undefined;
  /** The raw YAML text of the front matter. */
  frontMatterText: string;
  /** 1-based line where the YAML text starts. */
  frontMatterLine: number;
  blocks: JsonLdBlock[];
  links: WikiLink[];
  /** First level-1 heading of the body, used as a fallback title. */
  heading?: string;
  diagnostics: Diagnostic[];
  /** False when an error makes the document unusable (it is then not loaded at all). */
  usable: boolean;
}

/** What the writer renders: front matter keys, a Markdown body and extra JSON-LD blocks. */
export interface DocumentModel {
  frontMatter: Record<string, unknown>;
  body?: string;
  blocks?: readonly unknown[];
}
