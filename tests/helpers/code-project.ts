// A small project for the code-search tests: two source files, a test file, a config; its code
// documents generated into <dir>/graphs/code and the graph loaded.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateCode } from '../../src/generate/generate-code.js';
import { loadGraph, type KnowledgeGraph } from '../../src/graph/knowledge-graph.js';

export const PROJECT_FILES: Readonly<Record<string, string>> = {
  'mdkg.config.yaml': 'graphs: graphs\n',
  'src/auth/session.ts': [
    "import { hashPassword } from '../util/crypto.js';",
    '',
    '/** Keeps the signed-in user of a browser session. */',
    'export class SessionStore {',
    '  /** Signs a user in after checking the password. */',
    '  signIn(user: string, password: string): boolean {',
    '    return hashPassword(password) === this.lookup(user);',
    '  }',
    '',
    '  /** The stored secret of a user. */',
    '  lookup(user: string): string {',
    '    return user;',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/util/crypto.ts': [
    '/** Hashes a password with a salt. */',
    'export function hashPassword(text: string): string {',
    "  return text.split('').reverse().join('');",
    '}',
    '',
  ].join('\n'),
  'tests/session.test.ts': [
    "import { SessionStore } from '../src/auth/session.js';",
    '',
    '/** Signs a user in twice in a test. */',
    'export function signInTwice(): boolean {',
    '  const store = new SessionStore();',
    "  return store.signIn('a', 'b') && store.signIn('a', 'b');",
    '}',
    '',
  ].join('\n'),
};

/** Writes the project (or other files) into `dir` (without its code documents). */
export async function writeProject(dir: string, files: Readonly<Record<string, string>> = PROJECT_FILES): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  await mkdir(join(dir, 'graphs'), { recursive: true });
}

/** Writes the project (or other files), generates its code documents and loads its graph. */
export async function codeProject(dir: string, files: Readonly<Record<string, string>> = PROJECT_FILES): Promise<KnowledgeGraph> {
  await writeProject(dir, files);
  await generateCode({ root: dir, outDir: join(dir, 'graphs', 'code'), exclude: [join(dir, 'graphs')] });
  return loadGraph(join(dir, 'graphs'), { cache: false });
}
