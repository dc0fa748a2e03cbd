import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The entry script of an npm MCP server package (its `bin`), to run with `process.execPath`. */
export function serverEntry(pkg: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  const rel = typeof bin === 'string' ? bin : Object.values(bin)[0];
  if (rel === undefined) throw new Error(`${pkg} has no bin`);
  return join(dirname(manifest), rel);
}

/** A script under tests/fixtures/mcp/. */
export function fixtureServer(name: string): string {
  return fileURLToPath(new URL(`../fixtures/mcp/${name}`, import.meta.url));
}

/** Pids of running processes whose command line contains `marker` (Linux /proc; [] elsewhere). */
export function processesWith(marker: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return entries.flatMap((pid) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return cmdline.includes(marker) && Number(pid) !== process.pid ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}
