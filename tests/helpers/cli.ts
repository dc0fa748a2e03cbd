import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main.js';

export const BIN = fileURLToPath(new URL('../../bin/mdkg.js', import.meta.url));
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the CLI in-process with captured output. */
export async function runCli(argv: string[], cwd: string, stdin?: string | Uint8Array): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    cwd,
    isTTY: false,
    ...(stdin === undefined ? {} : { readStdin: async () => stdin }),
  });
  return { code, stdout, stderr };
}

/** Runs the built `bin/mdkg.js` as a child process (needs `npm run build` first, as `npm test` does). */
export function spawnCli(argv: string[], cwd: string, input?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...argv], { cwd, encoding: 'utf8', timeout: 30_000, input: input ?? '' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
