import { formatDiagnostic, MdkgError, type Diagnostic } from '../errors.js';
import { escapeForTerminal } from '../util/terminal-text.js';

/** What the CLI may touch of the process: given by bin/mdkg.js, replaced in tests. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** True when stdout is a terminal: tables and progress are for people then. */
  isTTY: boolean;
  /** True when stderr is a terminal: progress lines go there only then (default false). */
  stderrIsTTY?: boolean;
  /** Reads standard input to the end (for `mdkg query -`). */
  readStdin?: () => Promise<string>;
  /** Reads standard input to the end as bytes, so invalid UTF-8 can be refused (preferred). */
  readStdinBytes?: () => Promise<Uint8Array>;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text of `bytes`; invalid UTF-8 is MDKG_BINARY_FILE, as it is for documents. */
export function decodeText(bytes: Uint8Array, what: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new MdkgError('MDKG_BINARY_FILE', `${what} is not valid UTF-8 text`);
  }
}

/** Standard input as text: strict UTF-8 when the host gives bytes. */
export async function readStdinText(io: CliIo): Promise<string> {
  if (io.readStdinBytes !== undefined) return decodeText(await io.readStdinBytes(), 'standard input');
  if (io.readStdin !== undefined) return io.readStdin();
  throw new MdkgError('MDKG_USAGE', 'standard input is not available');
}

/** Exit codes of every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A diagnostic as one line for people: control and bidi characters from the input escaped. */
export function diagnosticLine(d: Diagnostic): string {
  return escapeForTerminal(formatDiagnostic(d));
}
