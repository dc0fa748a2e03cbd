import type { Code, Heading, Root, RootContent, Text } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Diagnostic } from '../errors.js';
import { locateOffset } from './front-matter.js';
import type { JsonLdBlock, WikiLink } from './types.js';

const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);
const JSONLD_LANGS = new Set(['jsonld', 'json-ld']);
const WIKI_LINK = /\[\[([^\]\n|]+)(?:\|([^\]\n]+))?\]\]/g;

export interface BodyResult {
  blocks: JsonLdBlock[];
  links: WikiLink[];
  heading?: string;
  diagnostics: Diagnostic[];
}

/**
 * True when the body needs the Markdown parser: fenced code, wiki links, a setext heading or an ATX
 * heading with inline markup. Other bodies are plain prose for people and are not parsed.
 */
export function bodyNeedsParser(body: string): boolean {
  return body.includes('```') || body.includes('~~~') || body.includes('[[') || /^ {0,3}(=+|-+)[ \t]*$/m.test(body) || /^ {0,3}#[ \t][^\n]*[*_`[\]<\\&]/m.test(body);
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
    const pos = at?.[1] === undefined ? { line, column: 1 } : locateOffset(node.value, Number(at[1]), line);
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
  for (const match of raw.matchAll(WIKI_LINK)) {
    const pos = locateOffset(raw, match.index, start.line);
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
