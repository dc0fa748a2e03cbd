import { formatDiagnostic, isMdkgError, MdkgError, type MdkgCode } from '../errors.js';
import { benchCommand } from './commands/bench.js';
import { exportCommand } from './commands/export.js';
import { generateCommand } from './commands/generate.js';
import { graphSearchCommand } from './commands/graph-search.js';
import { queryCommand } from './commands/query.js';
import { schemaCommand } from './commands/schema.js';
import { searchCommand } from './commands/search.js';
import { validateCommand } from './commands/validate.js';
import { HELP, VERSION } from './help.js';
import { EXIT, type CliIo } from './io.js';
import { dict, own } from '../util/own.js';
import { escapeForTerminal } from '../util/terminal-text.js';

export { removeInFlight } from '../util/cleanup.js';

type Command = (args: string[], io: CliIo) => Promise<number>;
const COMMANDS: Record<string, Command> = { query: queryCommand, validate: validateCommand, schema: schemaCommand, export: exportCommand, generate: generateCommand, bench: benchCommand, search: searchCommand, 'graph-search': graphSearchCommand };

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
    const text = own(HELP, topic);
    if (text === undefined) {
      io.stderr(`mdkg: no help for '${escapeForTerminal(topic)}'\n`);
      return EXIT.usage;
    }
    io.stdout(text);
    return EXIT.ok;
  }
  const command = own(COMMANDS, name);
  if (command === undefined) {
    io.stderr(`mdkg: unknown command '${escapeForTerminal(name)}'. Commands: ${Object.keys(COMMANDS).join(', ')}, help\n`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(own(HELP, name) ?? '');
    return EXIT.ok;
  }
  try {
    return await command(rest, io);
  } catch (error) {
    return reportError(error, io, name);
  }
}

/** Node's file errors, as the coded errors they are: a path that is missing, a folder, not allowed… */
const SYSTEM_CODES: Readonly<Record<string, MdkgCode>> = dict({ ENOENT: 'MDKG_NOT_FOUND', ENOTDIR: 'MDKG_NOT_FOUND', EISDIR: 'MDKG_FILE_WRITE', EEXIST: 'MDKG_FILE_WRITE', EACCES: 'MDKG_FILE_READ', EPERM: 'MDKG_FILE_READ', ENAMETOOLONG: 'MDKG_USAGE', ELOOP: 'MDKG_PATH_ESCAPE', ENOSPC: 'MDKG_FILE_WRITE', EROFS: 'MDKG_FILE_WRITE', EPIPE: 'MDKG_FILE_WRITE' });

function asCoded(error: unknown): MdkgError | undefined {
  if (isMdkgError(error)) return error;
  const system = error as { code?: unknown; path?: unknown; syscall?: unknown };
  const code = typeof system.code === 'string' ? own(SYSTEM_CODES, system.code) : undefined;
  if (code === undefined) return undefined;
  const path = typeof system.path === 'string' ? system.path : undefined;
  const what = system.code === 'EISDIR' ? 'is a folder' : system.code === 'ENOENT' ? 'does not exist' : (error as Error).message;
  return new MdkgError(code, path === undefined ? what : `${path}: ${what}`, path === undefined ? {} : { path });
}

function reportError(thrown: unknown, io: CliIo, name: string): number {
  const error = asCoded(thrown) ?? thrown;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
    io.stderr(`mdkg ${name}: ${(error as Error).message}\nRun 'mdkg help ${name}' for usage.\n`);
    return EXIT.usage;
  }
  if (isMdkgError(error)) {
    const { line, column, file } = error.details as { line?: number; column?: number; file?: string };
    const where = line === undefined ? '' : formatDiagnostic({ code: error.code, severity: 'error', message: '', ...(file === undefined ? { file: 'query' } : { file }), line, ...(column === undefined ? {} : { column }) }).split(': ')[0] + ': ';
    io.stderr(`mdkg ${name}: ${escapeForTerminal(`${where}${error.code} ${error.message}`)}\n`);
    return error.code === 'MDKG_USAGE' ? EXIT.usage : EXIT.failed;
  }
  // A bug, not bad input: one line, and the stack only when asked for (MDKG_DEBUG=1).
  const detail = process.env['MDKG_DEBUG'] === '1' ? ((error as Error).stack ?? String(error)) : `${(error as Error).message ?? String(error)} (a bug in mdkg: please report it; MDKG_DEBUG=1 shows where)`;
  io.stderr(`mdkg ${name}: unexpected error: ${escapeForTerminal(detail)}\n`);
  return EXIT.failed;
}
