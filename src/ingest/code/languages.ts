import { EXTRA_QUERIES } from './queries.js';

/**
 * The languages mdkg parses, each from a grammar `.wasm` an npm package ships (nothing is built
 * or downloaded): the official `tree-sitter-<lang>` packages with their `queries/tags.scm` for
 * TypeScript/TSX, JavaScript and Python, and `@vscode/tree-sitter-wasm` for the others, whose
 * queries are written here (queries.ts). C is read with the C++ grammar (C is nearly a subset).
 */
export interface LanguageSpec {
  id: string;
  /** Shown in documents. */
  label: string;
  /** File name endings, lowercase, with the dot. */
  extensions: readonly string[];
  /** `<package>/<file>` of the grammar. */
  wasm: string;
  /** `<package>/<file>` of shipped tags queries, concatenated in this order. */
  tags: readonly string[];
  /** Queries written here, after the tags (same capture names: `@definition.<kind>`, `@name`, `@reference.call`). */
  extra: string;
}

const JS_TAGS = 'tree-sitter-javascript/queries/tags.scm';
const TS_TAGS = 'tree-sitter-typescript/queries/tags.scm';
const VSCODE = (name: string): string => `@vscode/tree-sitter-wasm/wasm/tree-sitter-${name}.wasm`;

export const LANGUAGES: readonly LanguageSpec[] = [
  {
    id: 'typescript',
    label: 'TypeScript',
    extensions: ['.ts', '.mts', '.cts'],
    wasm: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
    tags: [JS_TAGS, TS_TAGS],
    extra: EXTRA_QUERIES.typescript,
  },
  {
    id: 'tsx',
    label: 'TSX',
    extensions: ['.tsx'],
    wasm: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
    tags: [JS_TAGS, TS_TAGS],
    extra: EXTRA_QUERIES.typescript,
  },
  {
    id: 'javascript',
    label: 'JavaScript',
    extensions: ['.js', '.mjs', '.cjs', '.jsx'],
    wasm: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
    tags: [JS_TAGS],
    extra: EXTRA_QUERIES.javascript,
  },
  {
    id: 'python',
    label: 'Python',
    extensions: ['.py', '.pyi'],
    wasm: 'tree-sitter-python/tree-sitter-python.wasm',
    tags: ['tree-sitter-python/queries/tags.scm'],
    extra: '',
  },
  { id: 'go', label: 'Go', extensions: ['.go'], wasm: VSCODE('go'), tags: [], extra: EXTRA_QUERIES.go },
  { id: 'java', label: 'Java', extensions: ['.java'], wasm: VSCODE('java'), tags: [], extra: EXTRA_QUERIES.java },
  { id: 'rust', label: 'Rust', extensions: ['.rs'], wasm: VSCODE('rust'), tags: [], extra: EXTRA_QUERIES.rust },
  { id: 'csharp', label: 'C#', extensions: ['.cs'], wasm: VSCODE('c-sharp'), tags: [], extra: EXTRA_QUERIES.csharp },
  {
    id: 'cpp',
    label: 'C/C++',
    extensions: ['.c', '.h', '.cc', '.cpp', '.cxx', '.hh', '.hpp', '.hxx'],
    wasm: VSCODE('cpp'),
    tags: [],
    extra: EXTRA_QUERIES.cpp,
  },
  { id: 'ruby', label: 'Ruby', extensions: ['.rb'], wasm: VSCODE('ruby'), tags: [], extra: EXTRA_QUERIES.ruby },
  { id: 'php', label: 'PHP', extensions: ['.php'], wasm: VSCODE('php'), tags: [], extra: EXTRA_QUERIES.php },
];

const BY_EXTENSION = new Map(LANGUAGES.flatMap((l) => l.extensions.map((e) => [e, l] as const)));

/** The language of a file, from its name's ending; undefined when no grammar reads it. */
export function languageFor(path: string): LanguageSpec | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
  if (path.endsWith('.d.ts')) return BY_EXTENSION.get('.ts');
  return BY_EXTENSION.get(path.slice(dot).toLowerCase());
}
