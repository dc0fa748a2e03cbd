// Verb expansion: a request's verbs stand for their class in the verb data file, so "remove the
// pod" also matches a tool named delete_pod, and "사용자 삭제" matches English tool names with
// "delete". The class vocabulary is general (the same file that infers tool annotations); the
// leading verbs of each class, in the file's order, are the common ones.
import verbData from '../../lexicon/data/annotation-verbs.json' with { type: 'json' };
import { verbsOfWords } from '../../lexicon/phrasal-verbs.js';
import { verbsInHeadFinalText, type VerbClass } from '../../lexicon/verbs.js';
import { splitIdentifier } from '../../lexicon/words.js';
import { terms } from '../text/tokenize.js';
import { ruleEnabled } from './rule-ablation.js';

/** Verbs per class a request verb expands to. */
const PER_CLASS = 8;

const CLASS_TERMS: ReadonlyMap<VerbClass, readonly string[]> = (() => {
  const en = (verbData.languages as Record<string, Partial<Record<VerbClass, string[]>>>).en ?? {};
  const out = new Map<VerbClass, string[]>();
  for (const cls of ['read', 'create', 'update', 'delete'] as const) {
    out.set(cls, [...new Set((en[cls] ?? []).slice(0, PER_CLASS).flatMap((v) => terms(v)))]);
  }
  return out;
})();

/** The verb classes a request uses (English words, then head-final languages). */
function requestVerbClasses(text: string): Set<VerbClass> {
  const classes = new Set<VerbClass>();
  for (const { match } of verbsOfWords(splitIdentifier(text.normalize('NFKC')), ruleEnabled('phrasal'))) classes.add(match.verbClass);
  for (const { match } of verbsInHeadFinalText(text.normalize('NFKC'))) classes.add(match.verbClass);
  return classes;
}

/**
 * Terms to add to a request's terms, each with `weight`: the common verbs of every class the
 * request's verbs belong to, except terms the request already has.
 */
export function verbExpansion(text: string, present: ReadonlyMap<string, number>, weight: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const cls of requestVerbClasses(text)) {
    for (const term of CLASS_TERMS.get(cls) ?? []) if (!present.has(term)) out.set(term, weight);
  }
  return out;
}
