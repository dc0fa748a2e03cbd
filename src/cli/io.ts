import { formatDiagnostic, type Diagnostic } from '../errors.js';

/** What the CLI may touch of the process: given by bin/mdkg.js, replaced in tests. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** True when stdout is a terminal: tables and progress are for people then. */
  isTTY: boolean;
  /** True when stderr is a terminal: progress lines go there only then (default false). */
  stderrIsTTY?: boolean;
  /**
   * MDKG_CONFIG: the config file when no --config is given (for launchers that take --config for
   * themselves, such as the MCP Inspector's CLI).
   */
  configFile?: string;
  /** MDKG_DEBUG=1: an unexpected error (a bug) is printed with its stack. */
  debug?: boolean;
  /** True when standard input is a terminal: `mdkg search` with no request reads stdin only when it is not. */
  stdinIsTTY?: boolean;
  /**
   * Reads standard input to the end (for `mdkg query -`, `mdkg search -`): raw bytes, decoded
   * strictly as UTF-8 by the caller, or text. May stop after `maxBytes + 1` bytes.
   */
  readStdin?: (maxBytes?: number) => Promise<string | Uint8Array>;
  /** Environment variables the secrets of store.auth are read from (default: process.env). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Exit codes of every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A diagnostic as one line for people: control and bidi characters from the input escaped. */
export function diagnosticLine(d: Diagnostic): string {
  return formatDiagnostic(d);
}

/** Prints load problems to stderr (one line each, at most 20), so the result on stdout stays clean. */
export function reportLoadProblems(io: CliIo, loaded: { diagnostics: readonly Diagnostic[] }): void {
  const problems = loaded.diagnostics.filter((d) => d.severity !== 'info');
  for (const d of problems.slice(0, 20)) io.stderr(`${diagnosticLine(d)}\n`);
  if (problems.length > 20) io.stderr(`… and ${problems.length - 20} more (run 'mdkg validate')\n`);
}
