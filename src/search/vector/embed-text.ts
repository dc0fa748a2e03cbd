// The text embedded for each tool and each code symbol, defined here only. A tool: the name split
// into words, the title, the description, the parameter names and the search hints (aliases,
// keywords, categories, examples), read from the same field keys BM25 indexes
// (catalog/tool-fields.ts). A code symbol: its qualified name split into words, its kind, its doc
// comment, its signature and the words of its file's path. A code snippet (get_similar_patterns):
// its identifiers split into words and its comments.
import { splitIdentifier } from '../../lexicon/words.js';

/** The field keys the embedding text is made of, in the order they are written. */
export const EMBEDDING_FIELDS = [
  'schema:name',
  'schema:description',
  'parameter/mdkg:name',
  'schema:alternateName',
  'mdkg:keyword',
  'schema:keywords',
  'mdkg:category',
  'mdkg:example',
] as const;

/** Changes whenever toolEmbeddingText writes other text (persisted indexes with texts are keyed by it). */
export const EMBEDDING_TEXT_VERSION = 'tool-text-1';

/** Longest embedding text in characters (sentence encoders read a few hundred tokens at most). */
export const MAX_EMBEDDING_CHARS = 2000;

/** One tool's embedding text from its name and its field values (`get` of a field key). */
export function toolEmbeddingText(name: string, get: (key: string) => readonly string[] | undefined): string {
  const one = (key: string): string => (get(key) ?? []).join(' ').trim();
  const list = (key: string): string => [...new Set(get(key) ?? [])].join(', ');
  const words = splitIdentifier(name).join(' ');
  const title = one('schema:name');
  const parts = [
    title === '' || title.toLowerCase() === words ? words : `${words}: ${title}`,
    one('schema:description'),
    labelled('parameters', [...new Set((get('parameter/mdkg:name') ?? []).map((p) => splitIdentifier(p).join(' ')))].join(', ')),
    labelled('also called', list('schema:alternateName')),
    labelled('keywords', [list('mdkg:keyword'), list('schema:keywords'), list('mdkg:category')].filter((s) => s !== '').join(', ')),
    labelled('examples', list('mdkg:example')),
  ]
    .map((p) => p.replace(/[\s.]+$/, ''))
    .filter((p) => p !== '');
  const text = parts.join('. ').replace(/\s+/g, ' ');
  return text.length > MAX_EMBEDDING_CHARS ? text.slice(0, MAX_EMBEDDING_CHARS) : text;
}

function labelled(label: string, value: string): string {
  return value === '' ? '' : `${label}: ${value}`;
}

/** Changes whenever codeEmbeddingText writes other text. */
export const CODE_EMBEDDING_TEXT_VERSION = 'code-text-1';

/** What a code symbol's embedding text is made of (code-records.ts). */
export interface CodeTextParts {
  qualifiedName: string;
  kind: string;
  doc: string;
  signature: string;
  /** Its file's path relative to the code root. */
  path: string;
}

/** One code symbol's embedding text: `<name words> (<kind>). <doc>. <signature>. in <path words>`. */
export function codeEmbeddingText(s: CodeTextParts): string {
  const name = splitIdentifier(s.qualifiedName).join(' ');
  const path = splitIdentifier(s.path.replace(/\.[A-Za-z0-9]+$/, '')).join(' ');
  const parts = [`${name} (${s.kind})`, s.doc.trim(), s.signature.trim(), path === '' ? '' : `in ${path}`]
    .map((p) => p.replace(/[\s.]+$/, ''))
    .filter((p) => p !== '');
  return cap(parts.join('. ').replace(/\s+/g, ' '));
}

/** A code snippet as words to embed: its identifiers and its comments' words, split and lower-cased, each once in first-seen order (numbers left out). */
export function snippetEmbeddingText(snippet: string): string {
  return cap([...new Set(splitIdentifier(snippet).filter((w) => !/^\d+$/.test(w)))].join(' '));
}

function cap(text: string): string {
  return text.length > MAX_EMBEDDING_CHARS ? text.slice(0, MAX_EMBEDDING_CHARS) : text;
}
