import { isMdkgError } from '../errors.js';
import { escapeForTerminal } from '../util/terminal-text.js';
import { HELP, VERSION } from './help.js';
import { EXIT, type CliIo } from './io.js';
import { systemErrorToMdkg } from './system-error.js';

export { removeInFlight } from '../util/cleanup.js';

type Command = (args: string[], io: CliIo) => Promise<number>;
// Each command's module is loaded only when that command runs: `mdkg --help` must not load the
// SPARQL engine, jsonld or the MCP SDK (issue 13: help in well under 150 ms).
const COMMANDS: Record<string, () => Promise<Command>> = {
  query: async () => (await import('./commands/query.js')).queryCommand,
  validate: async () => (await import('./commands/validate.js')).validateCommand,
  schema: async () => (await import('./commands/schema.js')).schemaCommand,
  export: async () => (await import('./commands/export.js')).exportCommand,
  push: async () => (await import('./commands/push.js')).pushCommand,
  generate: async () => (await import('./commands/generate.js')).generateCommand,
  bench: async () => (await import('./commands/bench.js')).benchCommand,
  search: async () => (await import('./commands/search.js')).searchCommand,
  plan: async () => (await import('./commands/plan.js')).planCommand,
  'graph-search': async () => (await import('./commands/graph-search.js')).graphSearchCommand,
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  view: async () => (await import('./commands/view.js')).viewCommand,
  init: async () => (await import('./commands/init.js')).initCommand,
  'search-code': async () => (await import('./commands/code-search.js')).searchCodeCommand,
  'search-by-symbol': async () => (await import('./commands/code-search.js')).searchBySymbolCommand,
  'get-file-structure': async () => (await import('./commands/code-search.js')).getFileStructureCommand,
  'get-repo-map': async () => (await import('./commands/code-search.js')).getRepoMapCommand,
  'get-similar-patterns': async () => (await import('./commands/code-search.js')).getSimilarPatternsCommand,
  'reindex-codebase': async () => (await import('./commands/code-search.js')).reindexCodebaseCommand,
  'learn-pair': async () => (await import('./commands/learned.js')).learnPairCommand,
  'validate-symbol-relevance': async () => (await import('./commands/learned.js')).validateSymbolRelevanceCommand,
};

/** Runs the CLI and returns its exit code. Never exits the process itself. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help') {
    io.stdout(HELP.main ?? '');
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '-v' || name === '--version') {
    io.stdout(`${VERSION}\n`);
    return EXIT.ok;
  }
  if (name === 'help') {
    const topic = rest[0] ?? 'main';
    const text = Object.hasOwn(HELP, topic) ? HELP[topic] : undefined;
    if (text === undefined) {
      io.stderr(`mdkg: no help for '${escapeForTerminal(topic)}'\n`);
      return EXIT.usage;
    }
    io.stdout(text);
    return EXIT.ok;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (load === undefined) {
    io.stderr(`mdkg: unknown command '${escapeForTerminal(name)}'. Commands: ${Object.keys(COMMANDS).join(', ')}, help\n`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(Object.hasOwn(HELP, name) ? (HELP[name] ?? '') : '');
    return EXIT.ok;
  }
  try {
    const command = await load();
    return await command(rest, io);
  } catch (error) {
    return reportError(error, io, name);
  }
}

/** A thrown non-Error as text (String() itself throws for an object without a prototype). */
function describe(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * Prints a failure as one line: `mdkg <command>: [file:line:column: ]CODE message`. Node's file
 * system errors become coded errors naming the path. Anything else is a bug: one line, a request
 * to report it, and the stack only with MDKG_DEBUG=1. Text from input is escaped for the terminal.
 */
function reportError(error: unknown, io: CliIo, name: string): number {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
    io.stderr(`mdkg ${name}: ${escapeForTerminal((error as Error).message)}\nRun 'mdkg help ${name}' for usage.\n`);
    return EXIT.usage;
  }
  const coded = isMdkgError(error) ? error : systemErrorToMdkg(error);
  if (coded !== undefined) {
    const { line, column, file } = coded.details as { line?: number; column?: number; file?: string };
    const where = line === undefined ? '' : `${typeof file === 'string' ? file : 'query'}:${line}${column === undefined ? '' : `:${column}`}: `;
    io.stderr(`mdkg ${name}: ${escapeForTerminal(`${where}${coded.code} ${coded.message}`)}\n`);
    return coded.code === 'MDKG_USAGE' ? EXIT.usage : EXIT.failed;
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : describe(error);
  const stack = io.debug === true && error instanceof Error && error.stack !== undefined ? `\n${error.stack}` : '';
  io.stderr(
    `mdkg ${name}: unexpected error: ${escapeForTerminal(message)}\n` +
      `This is a bug in mdkg: please report it with the command that caused it${io.debug === true ? '.' : ' and the output of MDKG_DEBUG=1 mdkg ...'}${escapeForTerminal(stack, { keepNewlines: true })}\n`,
  );
  return EXIT.failed;
}
