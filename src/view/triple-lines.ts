// Where each triple of a document is written: the loader keeps no positions per triple (JSON-LD
// expansion loses them), so the view locates each one in the document's text, first match wins:
// the line where the predicate's local name is a key whose value starts with the object; the
// object's IRI (whole or compact) or a literal's first line anywhere; the object's local name;
// the key alone. Triples mdkg adds itself (mdkg:sourcePath, mdkg:contentHash) have no line. Best
// effort and bounded: at most MAX_LOCATED triples per document are located.
import { decodeTerm, shortIri, type TermCode } from './graph-data.js';

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
export function tripleLines(
  text: string,
  triples: ReadonlyArray<{ predicate: string; object: TermCode }>,
  prefixes: Readonly<Record<string, string>> = {},
): Array<number | undefined> {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const find = (needle: string): number | undefined => {
    if (needle.length === 0) return undefined;
    const at = text.indexOf(needle);
    return at === -1 ? undefined : lineAt(starts, at);
  };
  const lineEnd = (at: number): number => {
    const end = text.indexOf('\n', at);
    return end === -1 ? text.length : end;
  };
  /** The first line where `key:` or `"key":` is followed by the value (short values such as `true` are everywhere). */
  const keyed = (key: string, values: readonly string[]): number | undefined => {
    if (key.length === 0) return undefined;
    for (const form of [`${key}:`, `"${key}":`]) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
        const rest = text
          .slice(at + form.length, lineEnd(at))
          .trim()
          .replace(/^["']/, '');
        if (values.some((v) => v.length > 0 && rest.startsWith(v))) return lineAt(starts, at);
      }
    }
    return undefined;
  };
  return triples.map((t, i) => {
    if (i >= MAX_LOCATED) return undefined;
    const object = decodeTerm(t.object);
    const key = localName(t.predicate);
    if (object.kind === 'literal') {
      const first = (object.value.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 80);
      return keyed(key, [first]) ?? find(first) ?? find(`${key}:`) ?? find(`"${key}"`);
    }
    const short = shortIri(object.value, prefixes);
    const names = [object.value, short, localName(object.value)];
    return keyed(key, names) ?? find(object.value) ?? (short === object.value ? undefined : find(short)) ?? find(localName(object.value)) ?? find(`${key}:`);
  });
}
