// The object of a request: the head noun of the noun phrase after its main verb ("make a new
// folder for the logs" -> folder; "remove a relation between two entities" -> relation), or of its
// first noun phrase when it has no verb ("what time is it" -> time). English puts the object after
// the verb and the head last in its phrase, before any preposition, conjunction or auxiliary; a
// tool that never mentions the object answers something else, however many modifiers it matches.
// English words only (Korean and Japanese requests have no object here); values (paths, URLs,
// numbers, identifiers with digits or dots) are never the object. A request with no listed verb
// that starts with an English verb is read as an imperative ("navigate to the docs page").
import { isEnglishVerb } from '../../lexicon/english-words.js';
import { NOT_HEADS, PHRASE_ENDS, PREPOSITIONS } from '../../lexicon/function-words.js';
import { verbsOfWords } from '../../lexicon/phrasal-verbs.js';
import { STOP_WORDS } from '../../lexicon/stem.js';
import { splitIdentifier } from '../../lexicon/words.js';
import { terms } from '../text/tokenize.js';
import { ruleEnabled } from './rule-ablation.js';

const WORD = /^\p{Script=Latin}{2,}$/u;
/** A whitespace token that is a value, not a word: a path, URL, address, number or dotted name. */
const VALUE = /[/\\.:@#=\d_-]/u;

/**
 * Prepositions whose phrase belongs to the verb or names the object's owner, so it does not
 * qualify the object: goal and source ("add it to the cart"), time ("close the ticket after the
 * release"), means ("find the user by id") and the genitive ("the price of a product").
 */
const NOT_QUALIFYING: ReadonlySet<string> = new Set([
  'to',
  'into',
  'onto',
  'from',
  'toward',
  'towards',
  'after',
  'before',
  'during',
  'since',
  'until',
  'by',
  'via',
  'of',
]);

/** The object of a request and the nouns that qualify it from a phrase after it. */
export interface RequestPhrase {
  /** The index term of the object's head noun. */
  object: string;
  /**
   * Index terms of the content words of the prepositional phrase right after the object ("remove a
   * relation between two entities" -> entiti): they say which one, not what is acted on. Not a
   * phrase of direction, time or means ("to the cart"), which belongs to the verb, nor of the owner
   * ("of a product").
   */
  modifiers: string[];
}

/** The index term of the request's object, if it has one. */
export function requestObject(text: string): string | undefined {
  return requestPhrase(text)?.object;
}

/** The request's object and its modifiers, if it has an object. */
export function requestPhrase(text: string): RequestPhrase | undefined {
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
  let i = main === undefined ? (imperative ? 1 : 0) : main.index + main.length;
  for (; i < words.length; i += 1) {
    const word = words[i]!;
    if (PHRASE_ENDS.has(word) || (verbAt.has(i) && head !== undefined)) {
      if (head !== undefined) break;
      continue;
    }
    if (NOT_HEADS.has(word) || STOP_WORDS.has(word) || !WORD.test(word)) continue;
    head = word;
  }
  if (head === undefined) return undefined;
  const object = terms(head)[0];
  if (object === undefined) return undefined;
  // A prepositional phrase qualifies the object: its words up to the next phrase end or verb. Not
  // a phrase of direction, time or means, which is the verb's ("add a product to the cart" changes
  // the cart), nor the genitive "of", which names the object's owner ("update the price of a
  // product" changes the product).
  const modifiers: string[] = [];
  if (i < words.length && PREPOSITIONS.has(words[i]!) && !NOT_QUALIFYING.has(words[i]!)) {
    for (i += 1; i < words.length && !PHRASE_ENDS.has(words[i]!) && !verbAt.has(i); i += 1) {
      const word = words[i]!;
      if (NOT_HEADS.has(word) || STOP_WORDS.has(word) || !WORD.test(word)) continue;
      for (const t of terms(word)) if (t !== object && !modifiers.includes(t)) modifiers.push(t);
    }
  }
  return { object, modifiers };
}
