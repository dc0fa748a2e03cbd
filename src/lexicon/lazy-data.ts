// Large data files of the lexicon, read on first use rather than at import: a search that never
// needs the thesaurus or the English word list does not pay for parsing them (tsconfig.build.json
// lists src/**/*.json, so they are in dist/ beside the modules).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The parsed JSON file `data/<name>` (parsed once; later calls get the same object). */
export function lazyData<T>(name: string): T {
  return require(`../lexicon/data/${name}`) as T;
}
