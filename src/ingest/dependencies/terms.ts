// The general API vocabulary of data/api-terms.json, as sets.
import terms from '../data/api-terms.json' with { type: 'json' };
import { memoize } from '../../util/memo.js';
import { singularize, splitIdentifier } from '../../lexicon/words.js';
import { dict } from '../../util/own.js';

export const IDENTIFIER_SUFFIXES: ReadonlySet<string> = new Set(terms.identifierSuffixes);
export const WEAK_IDENTIFIER_SUFFIXES: ReadonlySet<string> = new Set(terms.weakIdentifierSuffixes);
export const GENERIC_NAMES: ReadonlySet<string> = new Set(terms.genericNames);
export const WRAPPER_PROPERTIES: ReadonlySet<string> = new Set(terms.wrapperProperties);
const SCHEMA_SUFFIXES: ReadonlySet<string> = new Set(terms.schemaSuffixes);
const PATH_PREFIXES: ReadonlySet<string> = new Set(terms.pathPrefixes);
export const NOUN_STOPWORDS: ReadonlySet<string> = new Set(terms.nounStopwords);
const CANONICAL = dict(terms.canonical as Readonly<Record<string, string>>);

/** One word of an identifier in its matching form: lower case, singular, canonical suffix spelling. */
export function canonicalWord(word: string): string {
  const lower = word.toLowerCase();
  return CANONICAL[lower] ?? CANONICAL[singularize(lower)] ?? singularize(lower);
}

/** The words of a schema name that name its resource: `io.k8s.api.core.v1.Pod` -> [pod]; `OrderResponse` -> [order]. Shared: do not mutate. */
export const schemaWords = memoize((schema: string): readonly string[] => {
  const last =
    schema
      .split(/[./]/)
      .filter((part) => part.length > 0)
      .pop() ?? schema;
  const words = splitIdentifier(last).map(canonicalWord);
  while (words.length > 1 && SCHEMA_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words;
});

/** A version segment (`v1`, `v2beta1`, `1.0`) or a prefix that names no resource (`api`). */
export function isPrefixSegment(segment: string): boolean {
  const s = segment.toLowerCase();
  return PATH_PREFIXES.has(s) || /^v\d+([a-z]+\d*)?$/.test(s) || /^\d+(\.\d+)*$/.test(s);
}
