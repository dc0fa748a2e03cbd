// Lookups in the lexicon's large data files without building a table of them first. Parsing the
// 316 KB thesaurus into an object and the 28,000 English words into a Set took 50-80 ms of every
// `mdkg search` process (measured at 10,000 tools, under load), for the dozen words a request
// looks up. The data files keep their JSON form; these read what they need from the text.
import { readFileSync } from 'node:fs';

/** The text of `data/<name>` (beside the modules, as lazy-data.ts finds it; read once). */
const texts = new Map<string, string>();
export function dataText(name: string): string {
  let text = texts.get(name);
  if (text === undefined) texts.set(name, (text = readFileSync(new URL(`../lexicon/data/${name}`, import.meta.url), 'utf8')));
  return text;
}

/** Whether `word` is one of `list`: words sorted by code unit, separated by single spaces (binary search, no split). */
export function sortedWordsHave(list: string, word: string): boolean {
  if (word === '' || word.includes(' ')) return false;
  let lo = 0;
  let hi = list.length;
  // lo and hi are always the start of a word (or the end of the list).
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = list.lastIndexOf(' ', mid - 1) + 1;
    const space = list.indexOf(' ', start);
    const end = space < 0 ? list.length : space;
    const found = list.slice(start, end);
    if (found === word) return true;
    if (found < word) lo = end + 1;
    else hi = start;
  }
  return false;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The array of strings `"key": [...]` in the JSON `text` after `from`, for a key of an object whose
 * values are arrays of plain words (no `]`, `"` or `\` in them); undefined when there is no such key.
 * A match is a key only where JSON allows one: after `{` or `,`, before `:` (a string in an array
 * is followed by `,` or `]`; a quote inside a string is escaped).
 */
export function jsonWordsAt(text: string, key: string, from: number): string[] | undefined {
  const needle = JSON.stringify(key);
  for (let at = text.indexOf(needle, from); at >= 0; at = text.indexOf(needle, at + 1)) {
    let before = at - 1;
    while (before >= 0 && isSpace(text.charCodeAt(before))) before -= 1;
    const opener = text.charCodeAt(before);
    if (opener !== 0x7b && opener !== 0x2c) continue;
    let after = at + needle.length;
    while (after < text.length && isSpace(text.charCodeAt(after))) after += 1;
    if (text.charCodeAt(after) !== 0x3a) continue;
    after += 1;
    while (after < text.length && isSpace(text.charCodeAt(after))) after += 1;
    if (text.charCodeAt(after) !== 0x5b) return undefined;
    const close = text.indexOf(']', after);
    return JSON.parse(text.slice(after, close + 1)) as string[];
  }
  return undefined;
}
