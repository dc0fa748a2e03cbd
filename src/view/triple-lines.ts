// Where each triple of a document is written: the loader keeps no positions per triple (JSON-LD
// expansion loses them), so the view locates each one in the document's text: the first line that
// holds its object (a literal's first line, an IRI's local name), else its predicate's local name
// used as a key; a line that holds both the key and the value comes first. Best effort and
// bounded: at most MAX_LOCATED triples per document are located.
import { decodeTerm, type TermCode } from './graph-data.js';

export const MAX_LOCATED = 500;

/** The part of an IRI after its last `#`, `/` or `:`. */
export function localName(iri: string): string {
  const cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/'), iri.lastIndexOf(':'));
  return iri.slice(cut + 1);
}

function lineAt(starts: readonly number[], offset: number): number {
  let [lo, hi] = [0, starts.length - 1];
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** 1-based lines of each triple (undefined where not found or past MAX_LOCATED). */
export function tripleLines(text: string, triples: ReadonlyArray<{ predicate: string; object: TermCode }>): Array<number | undefined> {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const find = (needle: string): number | undefined => {
    if (needle.length === 0) return undefined;
    const at = text.indexOf(needle);
    return at === -1 ? undefined : lineAt(starts, at);
  };
  const lineText = (line: number): string => text.slice(starts[line - 1], starts[line] ?? text.length);
  /** The first line where the key (`key:` or `"key"`) and the value stand together (short values such as `false` are everywhere). */
  const keyed = (key: string, needle: string): number | undefined => {
    if (key.length === 0 || needle.length === 0) return undefined;
    for (const form of [`${key}:`, `"${key}"`]) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
        const line = lineAt(starts, at);
        if (lineText(line).includes(needle)) return line;
      }
    }
    return undefined;
  };
  return triples.map((t, i) => {
    if (i >= MAX_LOCATED) return undefined;
    const object = decodeTerm(t.object);
    const needle = object.kind === 'literal' ? (object.value.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 80) : localName(object.value);
    const key = localName(t.predicate);
    return keyed(key, needle) ?? find(needle) ?? find(`${key}:`) ?? find(`"${key}"`);
  });
}
