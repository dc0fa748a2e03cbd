// The object of a request: the head noun of the noun phrase after its main verb ("make a new
// folder for the logs" -> folder; "remove a relation between two entities" -> relation), or of its
// first noun phrase when it has no verb ("what time is it" -> time). English puts the object after
// the verb and the head last in its phrase, before any preposition, conjunction or auxiliary; a
// tool that never mentions the object answers something else, however many modifiers it matches.
// English words only (Korean and Japanese requests have no object here); values (paths, URLs,
// numbers, identifiers with digits or dots) are never the object. A request with no listed verb
// that starts with an English verb is read as an imperative ("navigate to the docs page").
import { isEnglishVerb } from '../../lexicon/english-words.js';
import { NOT_HEADS, PHRASE_ENDS } from '../../lexicon/function-words.js';
import { verbsOfWords } from '../../lexicon/phrasal-verbs.js';
import { STOP_WORDS } from '../../lexicon/stem.js';
import { splitIdentifier } from '../../lexicon/words.js';
import { terms } from '../text/tokenize.js';
import { ruleEnabled } from './rule-ablation.js';

const WORD = /^\p{Script=Latin}{2,}$/u;
/** A whitespace token that is a value, not a word: a path, URL, address, number or dotted name. */
const VALUE = /[/\\.:@#=\d_-]/u;

/** The index term of the request's object, if it has one. */
export function requestObject(text: string): string | undefined {
  if (!ruleEnabled('object')) return undefined;
  const words = text
    .normalize('NFKC')
    .split(/\s+/u)
    .filter((token) => !VALUE.test(token))
    .flatMap((token) => splitIdentifier(token));
  const verbs = verbsOfWords(words);
  // The main verb of an imperative is in its base form; an inflected verb after the start is a
  // participle modifying a noun ("files changed in the PR").
  const main = verbs.find((v) => v.index === 0 || words[v.index] === v.match.verb.split(' ')[0]);
  const verbAt = new Set(verbs.map((v) => v.index));
  const first = words[0];
  const imperative = main === undefined && first !== undefined && isEnglishVerb(first, true) && !NOT_HEADS.has(first) && !STOP_WORDS.has(first);
  let head: string | undefined;
  for (let i = main === undefined ? (imperative ? 1 : 0) : main.index + main.length; i < words.length; i += 1) {
    const word = words[i]!;
    if (PHRASE_ENDS.has(word) || (verbAt.has(i) && head !== undefined)) {
      if (head !== undefined) break;
      continue;
    }
    if (NOT_HEADS.has(word) || STOP_WORDS.has(word) || !WORD.test(word)) continue;
    head = word;
  }
  return head === undefined ? undefined : terms(head)[0];
}
