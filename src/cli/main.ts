import { formatDiagnostic, isMdkgError } from '../errors.js';
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
import { own } from '../util/own.js';
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

function reportError(error: unknown, io: CliIo, name: string): number {
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
  io.stderr(`mdkg ${name}: unexpected error: ${(error as Error).stack ?? String(error)}\n`);
  return EXIT.failed;
}
