import type { Diagnostic } from '../errors.js';
import { locateKey } from '../markdown-ld/front-matter.js';
import type { ParsedDocument } from '../markdown-ld/types.js';
import { defaultContext } from './context.js';
import { DEFAULT_PREFIXES } from './namespaces.js';
import { own, setOwn } from '../util/own.js';

/*
 * Checks JSON-LD would not make itself: document ids that are not IRIs, compact IRIs with an
 * undeclared prefix, bare type words. Each gives a diagnostic at the file, line and column.
 */

const DOC_NAMESPACE = DEFAULT_PREFIXES.doc ?? 'https://w3id.org/mdkg/doc/';

/** The IRI a document gets when its front matter has no `id`: `doc:` + its path without `.md`. */
export function pathIri(path: string): string {
  return DOC_NAMESPACE + path.replace(/\.md$/i, '').split('/').map(encodeURIComponent).join('/');
}

/** Expands a compact IRI (`tool:x`) with the given prefixes; relative ids resolve against `base`. */
export function expandId(id: string, prefixes: Readonly<Record<string, string>>, base: string): string {
  const match = /^([A-Za-z][\w.-]*):(.*)$/s.exec(id);
  if (match !== null) {
    const ns = own(prefixes, match[1] ?? '');
    if (ns !== undefined && !(match[2] ?? '').startsWith('//')) return ns + (match[2] ?? '');
    return id;
  }
  return new URL(id, base).href;
}

/**
 * RFC 3987: an IRI holds no space, no control character (C0, DEL, C1), none of `<>"{}|\^\``, no
 * lone surrogate, and no noncharacter U+FFFE/U+FFFF. N-Quads and Turtle cannot write such a
 * character inside `<…>`, and generated SPARQL must not meet one.
 */
const NOT_IRI = /[\x00-\x20\x7f-\x9f<>"{}|\\^`\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isIriText(iri: string): boolean {
  return !NOT_IRI.test(iri);
}

/** Schemes whose IRIs have no `//` authority yet are real IRIs, not undeclared prefixes. */
const OPAQUE_SCHEMES = new Set([
  'urn',
  'mailto',
  'tag',
  'did',
  'data',
  'tel',
  'sms',
  'geo',
  'info',
  'doi',
  'isbn',
  'news',
  'about',
  'blob',
  'cid',
  'mid',
  'magnet',
  'xmpp',
  'sip',
  'uuid',
]);

/** The scheme of `iri` when it looks like a compact IRI with an undeclared prefix. */
export function undeclaredPrefix(iri: string): string | undefined {
  const match = /^([A-Za-z][\w+.-]*):(\/\/)?/.exec(iri);
  if (match === null || match[2] !== undefined) return undefined;
  const scheme = match[1] ?? '';
  return OPAQUE_SCHEMES.has(scheme.toLowerCase()) || scheme.toLowerCase() === 'file' ? undefined : scheme;
}

/** Expands the document id; an id that is not a usable IRI is an error and the path IRI is used. */
export function documentIri(
  rawId: string,
  prefixes: Readonly<Record<string, string>>,
  fallback: string,
  doc: ParsedDocument,
  diagnostics: Diagnostic[],
): string {
  const fail = (message: string, code: Diagnostic['code'] = 'MDKG_INVALID_ID'): string => {
    diagnostics.push({ code, severity: 'error', message: `${message}; the document is named ${fallback}`, file: doc.path, ...locateInDocument(doc, 'id') });
    return fallback;
  };
  if (rawId.startsWith('_:')) return fail(`id '${rawId}' is a blank node: a document id must be an IRI`);
  let iri: string;
  try {
    iri = expandId(rawId, prefixes, fallback);
  } catch {
    return fail(`id '${rawId}' is not a valid IRI`);
  }
  if (!isIriText(iri)) return fail(`id '${rawId}' has characters an IRI cannot hold (spaces, control characters, quotes, brackets)`);
  const scheme = undeclaredPrefix(iri);
  if (scheme !== undefined) return fail(`unknown prefix '${scheme}' in id '${rawId}': declare it in an @context`, 'MDKG_UNKNOWN_PREFIX');
  return iri;
}

/**
 * Bare `type` words must be class terms (capitalized terms of the default context, or terms of the
 * document's inline context); otherwise JSON-LD would turn them into relative IRIs. Such a word
 * is reported and removed from the node.
 */
export function checkTypes(nodes: readonly unknown[], inline: unknown, doc: ParsedDocument, diagnostics: Diagnostic[]): void {
  const terms = (defaultContext()['@context'] ?? {}) as Record<string, unknown>;
  const local = new Set(Object.keys(contextTerms(inline)));
  const known = (t: string): boolean => t.includes(':') || local.has(t) || (Object.hasOwn(terms, t) && /^[A-Z]/.test(t));
  for (const node of nodes) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    const record = node as Record<string, unknown>;
    for (const key of ['type', '@type']) {
      const value = record[key];
      const list = Array.isArray(value) ? value : [value];
      const bad = list.filter((t): t is string => typeof t === 'string' && !known(t));
      if (bad.length === 0) continue;
      for (const t of bad) {
        diagnostics.push({
          code: 'MDKG_UNKNOWN_PREFIX',
          severity: 'error',
          message: `type '${t}' is not a class of the context: use a known class (${CLASS_TERMS(terms)}) or a prefixed name`,
          file: doc.path,
          ...locateText(doc, `${key}: ${t}`, t),
        });
      }
      const kept = list.filter((t) => !(typeof t === 'string' && bad.includes(t)));
      if (kept.length === 0) delete record[key];
      else setOwn(record, key, kept);
    }
  }
}

function contextTerms(context: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const ctx of Array.isArray(context) ? context : [context]) if (ctx !== null && typeof ctx === 'object') Object.assign(out, ctx);
  return out;
}

const CLASS_TERMS = (terms: Record<string, unknown>): string =>
  Object.keys(terms)
    .filter((k) => /^[A-Z]/.test(k))
    .join(', ');

/**
 * Locating a key or a text scans the document, so a document with many problems would take time
 * quadratic in its size: past LOCATE_BUDGET lookups per document (more than the diagnostics a
 * document shows, see MAX_DIAGNOSTICS_PER_FILE), problems point at the front matter's first line.
 */
const LOCATE_BUDGET = 256;
const located = new WeakMap<ParsedDocument, number>();

function withinBudget(doc: ParsedDocument): boolean {
  const used = located.get(doc) ?? 0;
  located.set(doc, used + 1);
  return used < LOCATE_BUDGET;
}

export function locateInDocument(doc: ParsedDocument, key: string): { line: number; column: number } {
  if (!withinBudget(doc)) return { line: doc.frontMatterLine, column: 1 };
  const inFront = locateKey(doc.frontMatterText, key, doc.frontMatterLine);
  if (inFront !== undefined) return inFront;
  for (const block of doc.blocks) {
    const at = locateKey(block.text, key, block.line);
    if (at !== undefined) return at;
  }
  return { line: doc.frontMatterLine, column: 1 };
}

export function locateText(doc: ParsedDocument, needle: string, within?: string): { line: number; column: number } {
  if (!withinBudget(doc)) return { line: doc.frontMatterLine, column: 1 };
  const sources: Array<[string, number]> = [[doc.frontMatterText, doc.frontMatterLine], ...doc.blocks.map((b): [string, number] => [b.text, b.line])];
  for (const [text, first] of sources) {
    let index = text.indexOf(needle);
    if (index === -1) continue;
    if (within !== undefined) index += needle.indexOf(within);
    const before = text.slice(0, index);
    const line = first + (before.match(/\n/g)?.length ?? 0);
    return { line, column: index - before.lastIndexOf('\n') };
  }
  return { line: doc.frontMatterLine, column: 1 };
}

/** Deepest nesting of objects and lists read from a document (front matter and JSON-LD blocks). */
const MAX_NESTING = 64;
/** Most items of one list: jsonld.js checks each value against the others of its property. */
const MAX_LIST_ITEMS = 1000;

/**
 * Bounds what reaches jsonld.js, in one pass over the nodes: a `__proto__` key (which jsonld.js
 * drops without an event) is reported and removed; a list over MAX_LIST_ITEMS is cut, with a
 * diagnostic; nesting deeper than MAX_NESTING (which would overflow jsonld.js's stack) makes the
 * document invalid. Returns false when the document must not be converted.
 */
export function boundNodes(nodes: readonly unknown[], doc: ParsedDocument, diagnostics: Diagnostic[]): boolean {
  const stack: Array<[unknown, number]> = nodes.map((n) => [n, 1]);
  let proto = false;
  let cut = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_NESTING) {
      diagnostics.push({
        code: 'MDKG_JSONLD_INVALID',
        severity: 'error',
        message: `objects and lists nest deeper than ${MAX_NESTING} levels`,
        file: doc.path,
        line: doc.frontMatterLine,
        column: 1,
      });
      return false;
    }
    if (Array.isArray(value)) {
      if (value.length > MAX_LIST_ITEMS) {
        cut += value.length - MAX_LIST_ITEMS;
        value.length = MAX_LIST_ITEMS;
      }
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    if (Object.hasOwn(value, '__proto__')) {
      // biome-ignore lint/suspicious/noProto: removing an own `__proto__` key read from input (reported, never applied)
      delete (value as Record<string, unknown>).__proto__;
      if (!proto)
        diagnostics.push({
          code: 'MDKG_JSONLD_DROPPED_TERM',
          severity: 'error',
          message: "JSON-LD would drop '__proto__': the key cannot be a term; rename it",
          file: doc.path,
          ...locateInDocument(doc, '__proto__'),
        });
      proto = true;
    }
    for (const item of Object.values(value)) stack.push([item, depth + 1]);
  }
  if (cut > 0)
    diagnostics.push({
      code: 'MDKG_JSONLD_DROPPED_TERM',
      severity: 'error',
      message: `lists hold at most ${MAX_LIST_ITEMS} items: ${cut} more dropped`,
      file: doc.path,
      line: doc.frontMatterLine,
      column: 1,
    });
  return true;
}
