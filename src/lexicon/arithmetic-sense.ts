// The arithmetic sense of a verb, read from its object (data/annotation-verbs.json,
// requests.arithmetic): "add two numbers", "add 3 and 5" and "add up the numbers" compute a sum and
// change nothing (a read), while "add two users" and "add a phone number" create. A general rule of
// English: the object is bare numerals joined by links ("3 and 5", "2 to 7"), or a plural quantity
// noun right after the verb, a determiner or a numeral ("the numbers", "two integers"); a quantity
// noun after another modifier ("phone numbers") names a thing, not a quantity. An operator word
// between two numerals ("12 plus 30") computes too.
import verbData from './data/annotation-verbs.json' with { type: 'json' };
import { singularize } from './words.js';

interface ArithmeticData {
  /** Each verb with the words of its arithmetic sense. */
  verbs: Record<string, string[]>;
  quantities: string[];
  numerals: string[];
  determiners: string[];
  links: string[];
  /** Operator words with the words of what they compute ("12 plus 30": sum, total). */
  operators: Record<string, string[]>;
}

const DATA = (verbData.requests.arithmetic as Record<string, ArithmeticData>).en!;
const VERBS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(DATA.verbs));
const QUANTITIES: ReadonlySet<string> = new Set(DATA.quantities);
const NUMERALS: ReadonlySet<string> = new Set(DATA.numerals);
const DETERMINERS: ReadonlySet<string> = new Set(DATA.determiners);
const LINKS: ReadonlySet<string> = new Set(DATA.links);
const OPERATORS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(DATA.operators));

/** Words after which a new clause starts ("add 3 and 5 and print it", "add 3 and 5 together"). */
const CLAUSE_ENDS: ReadonlySet<string> = new Set(['and', 'then', 'together']);

const isNumeral = (word: string | undefined): boolean => word !== undefined && (/^\d+$/u.test(word) || NUMERALS.has(word));
/** A plural quantity noun: `numbers`, `integers` (the singular after a numeral count is plural in meaning only with `one`). */
const isQuantities = (word: string | undefined): boolean => word !== undefined && word !== singularize(word) && QUANTITIES.has(singularize(word));

/** The words of the arithmetic sense of `verb` (as listed: `add` -> sum, total); none when it has none. */
export const arithmeticSense = (verb: string): readonly string[] | undefined => VERBS.get(verb);

/**
 * Whether the lower-case words from `start` (just after the verb) are an arithmetic object: bare
 * numerals joined by links, or a plural quantity noun after nothing but determiners and numerals.
 */
export function arithmeticObject(words: readonly string[], start: number): boolean {
  let i = start;
  while (i < words.length && DETERMINERS.has(words[i]!)) i += 1;
  let numerals = 0;
  for (;;) {
    while (isNumeral(words[i])) {
      numerals += 1;
      i += 1;
    }
    if (numerals > 0 && LINKS.has(words[i] ?? '') && isNumeral(words[i + 1])) {
      i += 1;
      continue;
    }
    break;
  }
  if (isQuantities(words[i])) return true;
  // Bare numerals: two or more joined ("3 and 5"), ending the request or its clause ("add 3 and 5
  // to the list" adds items).
  return numerals >= 2 && (i >= words.length || CLAUSE_ENDS.has(words[i]!));
}

/** The operator words between two numerals ("12 plus 30"), each with the words of what it computes. */
export function operatorSenses(words: readonly string[]): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (let i = 1; i + 1 < words.length; i += 1) {
    const sense = OPERATORS.get(words[i]!);
    if (sense !== undefined && isNumeral(words[i - 1]) && isNumeral(words[i + 1])) out.set(words[i]!, sense);
  }
  return out;
}
