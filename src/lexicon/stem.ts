// Light normalization of English words for search: a tiny stop list and a stemmer. The index and
// the query go through the same function, so only consistency matters, not linguistic beauty.
//
// Stemmer: the plural rules of words.ts (`statuses` -> `status`, `aliases` -> `alias`,
// `indices` -> `index`), then Porter2 (wink-porter2-stemmer), which folds verb forms and common
// suffixes (`creates/created/creating` -> `creat`, `deployment` -> `deploy`, `policies/policy` ->
// `polici`). Singularizing first fixes the pairs Porter2 alone splits (`alias`/`aliases`,
// `analysis`/`analyses`, `bus`/`buses`). Porter2 rather than the original Porter: it keeps
// `general`/`generate` and `news`/`new` apart, and stems `deploy` and `deploys` alike.
import porter2 from 'wink-porter2-stemmer';
import { memoize } from '../util/memo.js';
import { singularize } from './words.js';

/**
 * English function words dropped from text and queries alike: articles, common prepositions and
 * conjunctions, forms of `be`/`do`/`have`, pronouns, modal verbs, question words, quantifiers
 * (`all`, `any`, `each`), `please`, and the `s`/`t` left by apostrophes (`user's`, `don't`) — the
 * function words of the NLTK English stop list. Left out on purpose: particles that change a verb's
 * meaning in tool names (`up`, `down`, `out`, `off`, `over`), negations (`not`, `no`) and `more`.
 * Never words of a domain or of a benchmark. Question words still count for intent
 * (intent.ts reads the raw request, not these terms).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'for',
  'in',
  'on',
  'at',
  'by',
  'with',
  'from',
  'into',
  'and',
  'or',
  'is',
  'are',
  'be',
  'was',
  'were',
  'it',
  'its',
  'this',
  'that',
  'these',
  'those',
  'i',
  'me',
  'my',
  'we',
  'our',
  'you',
  'your',
  'please',
  's',
  't',
  'about',
  'all',
  'any',
  'as',
  'am',
  'been',
  'being',
  'both',
  'but',
  'can',
  'could',
  'did',
  'do',
  'does',
  'each',
  'every',
  'had',
  'has',
  'have',
  'he',
  'her',
  'here',
  'him',
  'his',
  'how',
  'if',
  'just',
  'ours',
  'own',
  'same',
  'she',
  'should',
  'so',
  'some',
  'such',
  'than',
  'their',
  'them',
  'then',
  'there',
  'they',
  'too',
  'us',
  'very',
  'what',
  'when',
  'where',
  'which',
  'who',
  'whom',
  'why',
  'will',
  'would',
  'yours',
]);

/**
 * Japanese particles standing alone as a one-character hiragana run (`ファイルを削除` -> `を`):
 * the counterpart of English function words for CJK unigrams.
 */
export const KANA_PARTICLES: ReadonlySet<string> = new Set(['を', 'は', 'が', 'の', 'に', 'で', 'と', 'も', 'へ', 'や', 'か']);

/** Words longer than this are not stemmed (identifiers, blobs); it also bounds the stemmer's regex work. */
const MAX_STEM_LENGTH = 40;
const ASCII_WORD = /^[a-z]+$/;
/** The stem of a lower-case word: ASCII letters only, 3 to 40 of them; anything else is returned as is. */
export const stem = memoize(
  (word: string): string => (word.length >= 3 && word.length <= MAX_STEM_LENGTH && ASCII_WORD.test(word) ? porter2(singularize(word)) : word),
  100_000,
);
