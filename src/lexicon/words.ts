// Word-level helpers shared by annotation inference and dependency detection: splitting identifiers,
// singular forms, and the base form of an English verb. General English morphology only.
import { dict } from '../util/own.js';
import { camelBreaks } from './camel-case.js';

const RUN = /[\p{L}\p{N}]+/gu;

/**
 * Splits an identifier into lower-case words: snake, kebab, dotted, spaced, and camel or Pascal
 * case by the tokenizer's rule (camel-case.ts: `userIDs` -> user, ids; `HTTPServer` -> http, server).
 */
export function splitIdentifier(name: string): string[] {
  const out: string[] = [];
  for (const run of name.matchAll(RUN)) {
    const start = run.index;
    const end = start + run[0].length;
    let from = start;
    for (const at of camelBreaks(name, start, end)) {
      out.push(name.slice(from, at).toLowerCase());
      from = at;
    }
    out.push(name.slice(from, end).toLowerCase());
  }
  return out;
}

/**
 * English plurals the suffix rules below get wrong: irregular plurals (people, children, men,
 * women), Latin and Greek plurals common in software (indices, matrices, vertices, criteria,
 * analyses), and regular plurals the `-ies`/`-ches` rules would cut wrongly (movies, cookies,
 * caches). From English grammar, not from any query set.
 */
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = dict({
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  indices: 'index',
  matrices: 'matrix',
  vertices: 'vertex',
  criteria: 'criterion',
  analyses: 'analysis',
  caches: 'cache',
  movies: 'movie',
  cookies: 'cookie',
});

/** Words ending in `s` that are singular. */
const SINGULAR_S = /(ss|us|is|ics|news|series|species|alias|atlas|canvas|bias|lens)$/;
/** Plurals in `-es` of those (`componentstatuses`, `aliases`, `buses`). */
const SINGULAR_ES = /(status|alias|atlas|canvas|bias|lens|bus|virus|campus|bonus|focus|corpus)es$/;

/** The singular form of an English noun (regular plurals and a few irregular ones). */
export function singularize(word: string): string {
  const w = word.toLowerCase();
  const irregular = IRREGULAR_PLURALS[w];
  if (irregular !== undefined) return irregular;
  if (w.length <= 3 || SINGULAR_S.test(w)) return w;
  if (SINGULAR_ES.test(w)) return w.slice(0, -2);
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

/**
 * Candidate base forms of an English verb as it leads a sentence ("Creates", "Searches", "Queries",
 * "Listing", "Deleted"). The word itself comes first.
 */
export function verbForms(word: string): string[] {
  const w = word.toLowerCase();
  const forms = [w];
  if (w.endsWith('ies') && w.length > 4) forms.push(`${w.slice(0, -3)}y`);
  if (/(ches|shes|xes|zes|sses|oes)$/.test(w)) forms.push(w.slice(0, -2));
  if (w.endsWith('s') && !w.endsWith('ss')) forms.push(w.slice(0, -1));
  if (w.endsWith('ing') && w.length > 5) forms.push(w.slice(0, -3), `${w.slice(0, -3)}e`);
  if (w.endsWith('ed') && w.length > 4) forms.push(w.slice(0, -2), w.slice(0, -1));
  // a doubled final consonant before -ing/-ed: setting -> set, stopped -> stop
  const doubled = /([b-df-hj-np-tv-z])\1(ing|ed)$/.exec(w);
  if (doubled !== null && w.length - doubled[2]!.length > 3) forms.push(w.slice(0, doubled.index + 1));
  return [...new Set(forms)];
}

/**
 * The first sentence of a text: up to `.`, `!`, `?` before a space or the end, a CJK full stop, or
 * a line break; with `withStop`, the closing punctuation is kept. The one sentence rule (verb
 * detection and generated summaries).
 */
export function firstSentence(text: string, withStop = false): string {
  const trimmed = text.trim();
  const end = trimmed.search(/[.!?](\s|$)|[。！？]|\n/u);
  if (end < 0) return trimmed;
  return trimmed.slice(0, withStop && trimmed[end] !== '\n' ? end + 1 : end);
}

/** `word1 word2` in lower case, singular: the key two spellings of one term share. */
export function termKey(words: readonly string[]): string {
  return words.map(singularize).join(' ');
}
