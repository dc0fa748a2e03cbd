// Whether a tool is named after the request's object (request/request-object.ts): "make a folder"
// is about a tool named for directories, not one that says "make" in its description. A feature of
// the re-ranker. (Measured and left out: a feature for a tool that never mentions the object, which
// punished paraphrases; and both as confidence features, which the calibration fit gave no weight.)
//
// A tool's name is a verb and a noun phrase ("delete_relations", "patchNamespacedConfigMap",
// "list_directory_with_sizes"), and an English noun phrase is right-headed: its head is the last
// noun before a preposition, the words before it modify it. A ConfigMap is a map; "update a
// service configuration" is not about it, although "config" is in its name.
import { NOT_HEADS, PHRASE_ENDS } from '../../lexicon/function-words.js';
import { STOP_WORDS } from '../../lexicon/stem.js';
import { verbOfWord } from '../../lexicon/verbs.js';

/** The request's object with the terms that stand for it: itself, its equivalents, its corrections. */
export interface RequestObject {
  term: string;
  forms: readonly string[];
}

export interface ObjectMatch {
  /** 1 when the tool's name has the object (or a form of it), else 0. */
  objectInName: number;
  /**
   * 1 when the tool's name says both what the request does and to what: its action is the
   * request's (`action` 1) and the head of its name is the object ("remove a relation between two
   * entities" -> delete_relations, not delete_entities, which only shares the action and a
   * modifier's noun).
   */
  actionObject: number;
}

const ALPHA = /^\p{L}{2,}$/u;
/** Coordinators join two heads or two verbs ("create_or_update_file"); they do not end the phrase. */
const COORDINATORS: ReadonlySet<string> = new Set(['and', 'or', 'nor', 'but']);

/**
 * The head word of a name's noun phrase: after a leading verb, the last word before the first
 * preposition (or other phrase end but a coordinator) that follows a candidate
 * ("list_directory_with_sizes" -> directory, "create_or_update_file" -> file, "findPetsByStatus"
 * -> Pets, "addToCart" -> Cart). Words are the name split into words, in order; undefined when no
 * word can head a phrase.
 */
export function nameHead(words: readonly string[]): string | undefined {
  let head: string | undefined;
  // A leading verb is the name's action, not a candidate head ("addToCart" -> Cart). Only a verb
  // of the verb lexicon: a tool whose action has no class never has `actionObject` anyway.
  const start = words.length > 1 && verbOfWord(words[0]!.toLowerCase()) !== undefined ? 1 : 0;
  for (const word of words.slice(start)) {
    const lower = word.toLowerCase();
    if (COORDINATORS.has(lower)) continue;
    if (PHRASE_ENDS.has(lower)) {
      if (head !== undefined) break;
      continue;
    }
    if (NOT_HEADS.has(lower) || STOP_WORDS.has(lower) || !ALPHA.test(word)) continue;
    head = word;
  }
  return head;
}

/** The object features of a tool, given its name terms, its head's terms and whether its action is the request's (rerank.ts `action`). */
export function objectMatch(object: RequestObject | undefined, name: { terms: ReadonlySet<string>; head: ReadonlySet<string> }, action: number): ObjectMatch {
  const objectInName = object?.forms.some((f) => name.terms.has(f)) ? 1 : 0;
  const objectHead = object?.forms.some((f) => name.head.has(f)) ? 1 : 0;
  return { objectInName, actionObject: objectHead === 1 && action === 1 ? 1 : 0 };
}
