import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Language, Parser, Query } from 'web-tree-sitter';
import type { LanguageSpec } from './languages.js';

/** A loaded grammar: a parser set to it and its compiled queries. */
export interface Grammar {
  spec: LanguageSpec;
  parser: Parser;
  query: Query;
}

const require = createRequire(import.meta.url);
let ready: Promise<void> | undefined;
const loaded = new Map<string, Promise<Grammar>>();

/** The path of a file inside an installed package (`<package>/<file>`). */
function packageFile(spec: string): string {
  return require.resolve(spec);
}

async function load(spec: LanguageSpec): Promise<Grammar> {
  ready ??= Parser.init();
  await ready;
  const language = await Language.load(packageFile(spec.wasm));
  const source = [...spec.tags.map((t) => readFileSync(packageFile(t), 'utf8')), spec.extra].join('\n');
  const query = new Query(language, source);
  const parser = new Parser();
  parser.setLanguage(language);
  return { spec, parser, query };
}

/**
 * The grammar of a language, loaded on first use and kept for the life of the process (the
 * WebAssembly runtime is started once). A grammar that fails to load fails every later call too.
 */
export function grammarFor(spec: LanguageSpec): Promise<Grammar> {
  let grammar = loaded.get(spec.id);
  if (grammar === undefined) {
    grammar = load(spec);
    loaded.set(spec.id, grammar);
  }
  return grammar;
}
