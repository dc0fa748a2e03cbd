// A small static (model2vec) model for the code-search tests on the project of code-project.ts:
// four concept dimensions (signing in, hashing, storing, testing); words of one concept share a
// direction, so "login" lands on the sign-in code and "scramble" on the hashing code though no
// symbol has those words. Words not in the vocabulary are left out of a text's mean.
import { loadStaticModel, StaticProvider } from '../../src/search/vector/static-model.js';
import { safetensors, wordPieceTokenizer } from './static-model.js';
import { tempDir } from './temp-dir.js';

const AUTH = [1, 0, 0, 0];
const HASH = [0, 1, 0, 0];
const STORE = [0, 0, 1, 0];
const TEST = [0, 0, 0, 1];
const WORDS: [string, number[]][] = [
  ['[UNK]', [0, 0, 0, 0]],
  ['login', AUTH],
  ['sign', AUTH],
  ['signs', AUTH],
  ['user', AUTH],
  ['scramble', HASH],
  ['hash', HASH],
  ['hashes', HASH],
  ['salt', HASH],
  ['crypto', HASH],
  ['stored', STORE],
  ['lookup', STORE],
  ['secret', STORE],
  ['keeps', STORE],
  ['test', TEST],
  ['tests', TEST],
  ['twice', TEST],
];

/** The model's folder (a temp folder, removed after the test by tempDir). */
export async function codeStaticModelDir(): Promise<string> {
  return tempDir({
    'config.json': JSON.stringify({ normalize: true }),
    'tokenizer.json': wordPieceTokenizer(WORDS.map(([w]) => w)),
    'model.safetensors': safetensors(WORDS.map(([, v]) => v)),
  });
}

export async function codeStaticProvider(): Promise<StaticProvider> {
  return new StaticProvider(await loadStaticModel(await codeStaticModelDir()));
}
