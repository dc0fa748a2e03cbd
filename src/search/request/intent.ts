// What a request asks to do (read, write, delete), from its verbs, with no model: the verb
// vocabulary of lexicon/verbs.ts (the same data file that infers tool annotations, en/ko/ja) plus
// a few request words from its `requests` section (question words, verbs that are mostly adjectives
// in requests, phrasal verbs: "set up" creates).
//
// Scoring, per class (create and update are `write`):
// - every verb found counts 1;
// - the main verb of a clause counts 2: in English the first verb (imperatives lead: "show me new
//   messages", "list open issues"), and any verb coordinated after it ("find and delete old files",
//   "search and replace"); in Korean and Japanese, head-final, the last verb ("조회하고 삭제해줘");
// - a question word ("what", "어디", "何") counts 1 for read: a question asks for information.
// Scores are divided by their sum (they sum to 1 when anything matched; all 0 and `neutral` when
// nothing did). The intent is the highest score; a tie goes to the more consequential class
// (delete > write > read), as in verbInIdentifier: a request that may delete must not be steered to
// read-only tools only.
import verbData from '../../lexicon/data/annotation-verbs.json' with { type: 'json' };
import { verbsOfWords } from '../../lexicon/phrasal-verbs.js';
import { COORDINATORS, verbsInHeadFinalText, type VerbClass, type VerbMatch } from '../../lexicon/verbs.js';
import { splitIdentifier } from '../../lexicon/words.js';
import type { Intent } from '../types.js';
import { ruleEnabled } from './rule-ablation.js';
import { pastChangeQuestions, QUESTION_AUXILIARIES } from './state-question.js';

export type ActionIntent = Exclude<Intent, 'neutral'>;

export interface IntentVerb {
  /** The word as listed in the data file (`delete`, `삭제`, `what`). */
  verb: string;
  lang: string;
  intent: ActionIntent;
}

export interface IntentResult {
  intent: Intent;
  scores: Record<ActionIntent, number>;
  /** Verbs and question words found: English first, in word order, then Korean and Japanese in text order. */
  verbs: IntentVerb[];
  /** Verb classes of the main verbs (what the request asks to do: `create` and `update` kept apart), in order. */
  actions: VerbClass[];
}

const INTENT_OF: Record<VerbClass, ActionIntent> = { read: 'read', create: 'write', update: 'write', delete: 'delete' };
/** Tie-break order, most consequential first. */
const PRECEDENCE: readonly ActionIntent[] = ['delete', 'write', 'read'];
const MAIN = 2;
const OTHER = 1;

interface RequestWords {
  questions: Record<string, string[]>;
  notVerbs: Record<string, string[]>;
}

const REQUESTS = verbData.requests as RequestWords;
const WORD_LANGUAGES = new Set(
  Object.entries(verbData.languages)
    .filter(([, v]) => v.match === 'word')
    .map(([k]) => k),
);
const NOT_VERBS = new Set(Object.entries(REQUESTS.notVerbs).flatMap(([lang, words]) => words.map((w) => `${lang}:${w}`)));
const QUESTION_WORDS = new Map<string, string>();
const QUESTION_TERMS: { term: string; lang: string }[] = [];
for (const [lang, words] of Object.entries(REQUESTS.questions)) {
  for (const word of words) {
    if (WORD_LANGUAGES.has(lang)) QUESTION_WORDS.set(word, lang);
    else QUESTION_TERMS.push({ term: word, lang });
  }
}

function counted(match: VerbMatch): boolean {
  return !(ruleEnabled('notVerbs') && NOT_VERBS.has(`${match.lang}:${match.verb}`));
}

/** Classifies a request as read, write or delete from its verbs; see the module comment. */
export function classifyIntent(query: string): IntentResult {
  const text = query.normalize('NFKC');
  const raw: Record<ActionIntent, number> = { read: 0, write: 0, delete: 0 };
  const verbs: IntentVerb[] = [];
  const actions: VerbClass[] = [];
  const addAction = (cls: VerbClass): void => {
    if (!actions.includes(cls)) actions.push(cls);
  };
  const add = (verb: string, lang: string, intent: ActionIntent, weight: number): void => {
    raw[intent] += weight;
    verbs.push({ verb, lang, intent });
  };

  const words = splitIdentifier(text);
  const verbAt = new Map(verbsOfWords(words, ruleEnabled('phrasal')).map((v) => [v.index, v.match]));
  // "what files changed?", "which records were deleted?": a change asked about is a read (state-question.ts).
  const asked = ruleEnabled('stateQuestions')
    ? pastChangeQuestions(
        text,
        words,
        splitIdentifier,
        new Map([...verbAt].map(([i, m]) => [i, { verb: m.verb, change: m.lang === 'en' && m.verbClass !== 'read' }])),
      )
    : new Set<number>();
  let seenMain = false;
  let openerCounted = false;
  for (const [i, word] of words.entries()) {
    const question = QUESTION_WORDS.get(word);
    if (question !== undefined) {
      add(word, question, 'read', OTHER);
      continue;
    }
    const match = verbAt.get(i);
    if (match === undefined || !counted(match)) continue;
    if (asked.has(i)) {
      // Asked about, not asked for: it names what the question is about and weighs nothing; a
      // yes/no question ("has it been deleted?") counts its opening auxiliary as a question word.
      add(match.verb, match.lang, 'read', 0);
      if (words[0] !== undefined && QUESTION_AUXILIARIES.has(words[0]) && !openerCounted) {
        openerCounted = true;
        add(words[0], 'en', 'read', OTHER);
      }
      continue;
    }
    const main = !seenMain || COORDINATORS.has(words[i - 1] ?? '');
    seenMain = true;
    if (main) addAction(match.verbClass);
    add(match.verb, match.lang, INTENT_OF[match.verbClass], main ? MAIN : OTHER);
  }

  const headFinal = verbsInHeadFinalText(text).filter((v) => counted(v.match));
  for (const [i, { match }] of headFinal.entries()) {
    if (i === headFinal.length - 1) addAction(match.verbClass);
    add(match.verb, match.lang, INTENT_OF[match.verbClass], i === headFinal.length - 1 ? MAIN : OTHER);
  }
  for (const { term, lang } of QUESTION_TERMS) {
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + term.length)) add(term, lang, 'read', OTHER);
  }

  // A question with no verb of its own ("what pets are in the store?") asks to read.
  if (actions.length === 0 && verbs.length > 0) actions.push('read');
  const total = raw.read + raw.write + raw.delete;
  if (total === 0) return { intent: 'neutral', scores: raw, verbs, actions };
  const scores = { read: raw.read / total, write: raw.write / total, delete: raw.delete / total };
  let intent: ActionIntent = PRECEDENCE[0]!;
  for (const candidate of PRECEDENCE) if (scores[candidate] > scores[intent]) intent = candidate;
  return { intent, scores, verbs, actions };
}
