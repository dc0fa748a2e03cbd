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
}

/** Exit codes of every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
