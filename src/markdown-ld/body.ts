import type { Code, Heading, Root, RootContent, Text } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import type { Diagnostic } from '../errors.js';
import { positionOf } from '../util/text-position.js';
import type { JsonLdBlock, WikiLink } from './types.js';

/**
 * Markdown links and images are never read, and micromark resolves their brackets in time
 * quadratic in the brackets of a paragraph (32,000 `[x]` took 8 s): the label constructs are turned
 * off, so brackets are plain text. Wiki links are read from text nodes, as before.
 */
function withoutLabels(this: Processor): undefined {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), { disable: { null: ['labelStartImage', 'labelStartLink', 'labelEnd'] } }];
  return undefined;
}

const processor = unified().use(remarkParse).use(withoutLabels).use(remarkFrontmatter, ['yaml']);
const JSONLD_LANGS = new Set(['jsonld', 'json-ld']);
const WIKI_LINK = /\[\[([^\]\n|]+)(?:\|([^\]\n]+))?\]\]/g;

export interface BodyResult {
  blocks: JsonLdBlock[];
  links: WikiLink[];
  heading?: string;
  diagnostics: Diagnostic[];
}

/** A line with a run of three backticks or tildes anywhere in it. */
const FENCE_LIKE_LINE = /^.*(?:`{3}|~{3}).*$/gm;
const FENCE_RUN = /`{3,}|~{3,}/;
/** What may stand before a fence that opens a code block: indentation, `>` and list markers. */
const CONTAINER_PREFIX = /^[ \t>*+\-0-9.)]*$/;
/** An info string that could name JSON-LD, directly or through an escape or a character reference. */
const MAYBE_JSONLD = /json-?ld|[&\\]/i;
const ATX_H1 = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/m;

/**
 * Where the first line that may open a code fence starts (-1: none), or undefined when one of
 * them may open a JSON-LD block. A fence opens a block only at the start of a line, after
 * container markers at most, and its language comes from its info string: lines with ``` or
 * ~~~ after other text (inside JSON, in prose) cannot open one.
 */
function fencesStart(body: string): number | undefined {
  let first = -1;
  for (const match of body.matchAll(FENCE_LIKE_LINE)) {
    const line = match[0];
    const run = FENCE_RUN.exec(line);
    if (run === null || !CONTAINER_PREFIX.test(line.slice(0, run.index))) continue;
    if (MAYBE_JSONLD.test(line.slice(run.index + run[0].length))) return undefined;
    if (first === -1) first = match.index + run.index;
  }
  return first;
}

/**
 * True when the body needs the Markdown parser: wiki links, a setext heading, an ATX heading with
 * inline markup, a code fence that may be JSON-LD, or an ATX level-1 heading after the first
 * fence (it might be code). Other bodies hold no JSON-LD block or link, and their heading is the
 * first ATX level-1 line (headingWithoutParser). Generated tool documents, whose schemas are
 * ```json blocks, are read without it.
 */
export function bodyNeedsParser(body: string): boolean {
  if (body.includes('[[') || /^ {0,3}(=+|-+)[ \t]*$/m.test(body) || /^ {0,3}#[ \t][^\n]*[*_`[\]<\\&]/m.test(body)) return true;
  if (!body.includes('```') && !body.includes('~~~')) return false;
  const fences = fencesStart(body);
  if (fences === undefined) return true;
  const heading = ATX_H1.exec(body);
  return heading !== null && fences !== -1 && heading.index > fences;
}

/** The first ATX level-1 heading of a body for which bodyNeedsParser is false. */
export function headingWithoutParser(body: string): string | undefined {
  const heading = ATX_H1.exec(body)?.[1]?.trim();
  return heading === undefined || heading === '' ? undefined : heading;
}

/** Extracts ```jsonld blocks, [[wiki links]] and the first level-1 heading with remark. */
export function parseBody(text: string, file: string): BodyResult {
  const tree = processor.parse(text) as Root;
  const result: BodyResult = { blocks: [], links: [], diagnostics: [] };
  const visit = (node: Root | RootContent): void => {
    if (node.type === 'code') collectBlock(node, file, result);
    else if (node.type === 'text') collectLinks(node, text, result);
    else if (node.type === 'heading') collectHeading(node, result);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return result;
}

function collectBlock(node: Code, file: string, result: BodyResult): void {
  if (node.lang === null || node.lang === undefined || !JSONLD_LANGS.has(node.lang.toLowerCase())) return;
  const line = (node.position?.start.line ?? 0) + 1;
  try {
    result.blocks.push({ value: JSON.parse(node.value) as unknown, line, text: node.value });
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const pos = at?.[1] === undefined ? { line, column: 1 } : positionOf(node.value, Number(at[1]), line);
    result.diagnostics.push({ code: 'MDKG_JSON_INVALID', severity: 'error', message: `invalid JSON in jsonld block: ${message}`, file, ...pos });
  }
}

/** Links are read from the raw source of a text node, so an escaped `[\[x]]` is not a link. */
function collectLinks(node: Text, source: string, result: BodyResult): void {
  const start = node.position?.start;
  const end = node.position?.end;
  if (start?.offset === undefined || end?.offset === undefined) return;
  const raw = source.slice(start.offset, end.offset);
  if (!raw.includes('[[')) return;
  // Lines are counted from the previous link on, so many links cost one pass over the text.
  let line = start.line;
  let lineStart = 0;
  let scanned = 0;
  for (const match of raw.matchAll(WIKI_LINK)) {
    for (let i = raw.indexOf('\n', scanned); i !== -1 && i < match.index; i = raw.indexOf('\n', i + 1)) {
      line += 1;
      lineStart = i + 1;
    }
    scanned = match.index;
    const pos = { line, column: match.index - lineStart + 1 };
    const column = pos.line === start.line ? pos.column + start.column - 1 : pos.column;
    const target = (match[1] ?? '').trim();
    const label = match[2]?.trim();
    if (target === '') continue;
    result.links.push(label === undefined ? { target, line: pos.line, column } : { target, label, line: pos.line, column });
  }
}

function collectHeading(node: Heading, result: BodyResult): void {
  if (node.depth !== 1 || result.heading !== undefined) return;
  const text = plainText(node).trim();
  if (text !== '') result.heading = text;
}

function plainText(node: RootContent | Root): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return node.children.map((child) => plainText(child)).join('');
  return '';
}
