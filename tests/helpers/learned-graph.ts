// A small graph for the learned-pairs tests: three tools of a made-up address book and one code
// document with a class and its method; written to a temp folder, loaded without a cache.
import { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import { tempDir } from './temp-dir.js';

const tool = (name: string, title: string, summary: string, hints: string): string =>
  `---\nid: tool:book/${name}\ntype: Tool\nname: ${name}\nsource: book\ntitle: ${title}\nsummary: ${summary}\n${hints}---\n# ${title}\n`;

export const LEARNED_FILES: Record<string, string> = {
  'tools/book/remove_person.md': tool(
    'remove_person',
    'Remove person',
    'Removes a person record from the address book.',
    'readOnlyHint: false\ndestructiveHint: true\n',
  ),
  'tools/book/list_people.md': tool('list_people', 'List people', 'Lists every person record of the address book.', 'readOnlyHint: true\n'),
  'tools/book/add_person.md': tool('add_person', 'Add person', 'Adds a person record to the address book.', 'readOnlyHint: false\ndestructiveHint: false\n'),
  'code/src/auth.ts.md': [
    '---',
    'id: code:src/auth.ts',
    'type: SourceFile',
    'file_path: src/auth.ts',
    'symbols:',
    '  - id: "#AuthService"',
    '    type: Symbol',
    '    name: AuthService',
    '    kind: class',
    '    qualified_name: AuthService',
    '    start_line: 1',
    '    end_line: 20',
    '  - id: "#AuthService.signIn"',
    '    type: Symbol',
    '    name: signIn',
    '    kind: method',
    '    qualified_name: AuthService.signIn',
    '    signature: "signIn(user: string, password: string): Promise<Session>"',
    '    description: Checks the password and opens a session for the user.',
    '    start_line: 3',
    '    end_line: 9',
    '---',
    '# src/auth.ts',
    '',
  ].join('\n'),
};

/** A temp graph folder with the files above (and `extra`), and the graph loaded from it. */
export async function learnedGraph(extra: Record<string, string> = {}): Promise<{ dir: string; kg: KnowledgeGraph }> {
  const dir = await tempDir({ ...LEARNED_FILES, ...extra });
  return { dir, kg: await KnowledgeGraph.load(dir, { cache: false }) };
}
