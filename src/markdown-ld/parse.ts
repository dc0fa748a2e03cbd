import { createHash } from 'node:crypto';
import type { Diagnostic } from '../errors.js';
import { bodyNeedsParser, headingWithoutParser, parseBody } from './body.js';
import { parseFrontMatter } from './front-matter.js';
import type { ParsedDocument } from './types.js';

import { DEFAULT_MAX_DOCUMENT_BYTES } from './limits.js';

/** Files above this size are refused (a diagnostic, not a crash). */
export { DEFAULT_MAX_DOCUMENT_BYTES };

export interface ParseOptions {
  maxBytes?: number;
  /** The `sha256:` hash of the bytes when the caller already computed it. */
  hash?: string;
}

const decoder = new TextDecoder('utf-8', { fatal: true });
const LONE_CR = /\r(?!\n)/;

/** Splits `---` front matter from the body: the YAML text, its first line and where the body starts. */
export function splitFrontMatter(text: string): { yaml: string | undefined; yamlLine: number; bodyStart: number } {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (open === null) return { yaml: undefined, yamlLine: 0, bodyStart: 0 };
  let lineStart = open[0].length;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    if (/^---[ \t]*\r?$/.test(text.slice(lineStart, lineEnd))) {
      return { yaml: text.slice(open[0].length, lineStart), yamlLine: 2, bodyStart: newline === -1 ? text.length : newline + 1 };
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return { yaml: undefined, yamlLine: 0, bodyStart: 0 };
}

/** Parses one Markdown-LD file. Never throws for bad content: problems become diagnostics. */
export function parseDocument(bytes: Uint8Array | string, path: string, options: ParseOptions = {}): ParsedDocument {
  const raw = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  const hash = options.hash ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  const doc: ParsedDocument = {
    path,
    hash,
    frontMatter: undefined,
    frontMatterText: '',
    frontMatterLine: 2,
    blocks: [],
    links: [],
    diagnostics: [],
    usable: true,
  };
  const fail = (d: Diagnostic): ParsedDocument => ({ ...doc, diagnostics: [...doc.diagnostics, d], usable: false });
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  if (raw.byteLength > maxBytes) {
    return fail({
      code: 'MDKG_FILE_TOO_LARGE',
      severity: 'error',
      message: `document is ${raw.byteLength} bytes, over the limit of ${maxBytes}`,
      file: path,
      line: 1,
      column: 1,
    });
  }
  let text: string;
  try {
    if (raw.subarray(0, 8192).includes(0)) throw new Error('NUL byte');
    text = typeof bytes === 'string' ? bytes : decoder.decode(raw);
  } catch {
    return fail({ code: 'MDKG_BINARY_FILE', severity: 'error', message: 'document is not UTF-8 text (binary content)', file: path, line: 1, column: 1 });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // Old Mac line endings (a CR alone) end lines like LF and CRLF: without this, the front matter
  // of such a file would not be found. Line and column numbers stay those of the file.
  if (LONE_CR.test(text)) text = text.replace(/\r\n?/g, '\n');

  const split = splitFrontMatter(text);
  if (split.yaml === undefined && /^---[ \t]*\r?\n/.test(text)) {
    doc.diagnostics.push({
      code: 'MDKG_YAML_INVALID',
      severity: 'warning',
      message: "front matter opened with '---' is never closed: the file is read as Markdown only",
      file: path,
      line: 1,
      column: 1,
    });
  }
  if (split.yaml !== undefined) {
    doc.frontMatterText = split.yaml;
    doc.frontMatterLine = split.yamlLine;
    const fm = parseFrontMatter(split.yaml, path, split.yamlLine);
    doc.diagnostics.push(...fm.diagnostics);
    if (fm.value === undefined) return { ...doc, usable: false };
    doc.frontMatter = fm.value;
  }
  const bodyText = text.slice(split.bodyStart);
  if (bodyNeedsParser(bodyText)) {
    const body = parseBody(text, path);
    doc.blocks = body.blocks;
    doc.links = body.links;
    if (body.heading !== undefined) doc.heading = body.heading;
    doc.diagnostics.push(...body.diagnostics);
    if (body.diagnostics.some((d) => d.severity === 'error')) doc.usable = false;
  } else {
    const heading = headingWithoutParser(bodyText);
    if (heading !== undefined) doc.heading = heading;
  }
  return doc;
}
