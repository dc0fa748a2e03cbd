// Words that name the same thing in computing (data/computing-terms.json): "folder" stands for
// directory, "repo" for repository. Unlike the thesaurus (near meanings, off by default), these
// are the same object under another name, so a request word matches its equivalents.
import termData from './data/computing-terms.json' with { type: 'json' };
import { singularize } from './words.js';

const GROUP_OF: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, readonly string[]>();
  for (const group of termData.groups) for (const word of group) out.set(word, group);
  return out;
})();

/** The other words of a word's group (its singular form tried too: `folders` -> directory, dir); none when it has no group. */
export function equivalentsOf(word: string): readonly string[] {
  const lower = word.toLowerCase();
  const group = GROUP_OF.get(lower) ?? GROUP_OF.get(singularize(lower));
  if (group === undefined) return [];
  const self = GROUP_OF.has(lower) ? lower : singularize(lower);
  return group.filter((w) => w !== self);
}
