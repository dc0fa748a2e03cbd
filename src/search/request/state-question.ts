// Questions about what changed ask to read. In English a question whose change verb is in the past
// ("what files changed?", "which records were modified?", "when was it deleted?", "what did Bob
// remove?") asks about a state of things, the result of a change already made: the asker wants to
// know, not to change anything. The grammar it goes by:
// - the clause is a question: a sentence that opens with an interrogative word (what, which, who,
//   ...) or with an auxiliary of a yes/no question (was, were, has, did, ...), or an embedded
//   question that an interrogative word opens before the verb ("show me what changed");
// - the verb is a past form: past tense or past participle in -ed ("changed", "deleted"), a
//   participle after a form of be, have or get ("which variables were set?": set, put, cut have
//   the base form as participle), or the base form after the past auxiliary "did" ("what did you
//   delete?");
// - no modal, and no present "do", stands between them: "which files should be deleted?", "what
//   can I delete?" and "how do I get set up?" ask for a change (advice, permission, a procedure),
//   and a modal-led question ("can you delete it?") is a request.
// The sentence ends at `.`, `?`, `!` or `;`. Only change verbs (create, update, delete) are turned;
// an imperative ("delete the files that changed") is no question and keeps its verbs. intent.ts
// counts a verb asked about for nothing (it is what the question is about, not what it asks to do),
// so the interrogative word makes the request a read, and an imperative verb beside an embedded
// question ("create a file listing what changed") still leads.
import { BE_FORMS, MODAL_VERBS } from '../../lexicon/function-words.js';

const INTERROGATIVES: ReadonlySet<string> = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how']);
/** Auxiliaries that open a yes/no question (modals excepted). */
export const QUESTION_AUXILIARIES: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'am', 'has', 'have', 'had', 'did', 'does', 'do']);
const PAST_AUXILIARY: ReadonlySet<string> = new Set(['did', 'didn']);
/** Forms of be, have and get a participle follows (passive, perfect: "was set", "has been put", "got cut"). */
const BEFORE_PARTICIPLE: ReadonlySet<string> = new Set([...BE_FORMS, 'has', 'have', 'had', 'get', 'gets', 'got', 'gotten']);
/** Modal verbs (and the semi-modal need): a change asked for, not about. */
const MODALS: ReadonlySet<string> = new Set([...MODAL_VERBS, 'need', 'needs', 'ought', 'do', 'does']);

/** A sentence end: `.`, `?`, `!`, `;` before a space or the end of the text. */
const SENTENCE_END = /[.?!;]+(?=\s|$)/u;

/**
 * Word indexes (into the concatenated words of the sentences, as `split` gives them) of the change
 * verbs asked about in the past. `verbAt` says which words are verbs and whether each is a change
 * verb, as the intent detector found them; `lemma` is the verb as listed. Returns an empty set when
 * splitting by sentence gives other words than splitting the whole text (then nothing is turned).
 */
export function pastChangeQuestions(
  text: string,
  words: readonly string[],
  split: (text: string) => string[],
  verbAt: ReadonlyMap<number, { verb: string; change: boolean }>,
): Set<number> {
  const out = new Set<number>();
  const sentences = text.split(SENTENCE_END).map(split);
  if (sentences.flat().join(' ') !== words.join(' ')) return out;
  let offset = 0;
  for (const sentence of sentences) {
    const opensQuestion = INTERROGATIVES.has(sentence[0] ?? '') || QUESTION_AUXILIARIES.has(sentence[0] ?? '');
    let asked = opensQuestion;
    let past = false;
    let modal = false;
    for (const [i, word] of sentence.entries()) {
      // An interrogative word opens a (possibly embedded) question: what came before is another clause.
      if (INTERROGATIVES.has(word)) [asked, modal, past] = [true, false, false];
      if (MODALS.has(word)) modal = true;
      if (PAST_AUXILIARY.has(word)) past = true;
      const verb = verbAt.get(offset + i);
      if (verb === undefined || !verb.change || !asked || modal) continue;
      const pastForm = (word !== verb.verb && word.endsWith('ed')) || BEFORE_PARTICIPLE.has(sentence[i - 1] ?? '');
      if (pastForm || past) out.add(offset + i);
    }
    offset += sentence.length;
  }
  return out;
}
