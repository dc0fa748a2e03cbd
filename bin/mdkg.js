#!/usr/bin/env node
// The mdkg command. The only place that ends the process; everything else returns exit codes.
import { existsSync, statSync } from 'node:fs';
import module from 'node:module';

// Node 22.1 and later keep compiled modules in a cache (in the OS temp folder), so a command
// starts faster from the second run; older Node has no such call and starts as before.
module.enableCompileCache?.();

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("mdkg: not built yet (dist/ is missing). Run 'npm install' or 'npm run build' in the mdkg folder.\n");
  process.exit(1);
}
// The bundle `npm run build` makes (scripts/bundle-cli.mjs) loads faster than the ~90 modules it
// holds; in a checkout (src/ beside dist/) it is used unless the modules were built after it (a
// `tsc` alone leaves it stale). An install has no src/ and its file times are the order npm
// unpacked the files in, so there the bundle is used whenever it is there.
const bundle = new URL('../dist/bundle/main.js', import.meta.url);
const bundleTime = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs;
const checkout = existsSync(new URL('../src/', import.meta.url));
const fresh = bundleTime !== undefined && (!checkout || bundleTime >= statSync(entry).mtimeMs);
const { main, removeInFlight } = await import((fresh ? bundle : entry).href);
// Interrupted: remove the temp files and folders in flight (a half-written document, a bench
// catalog), then end with the usual 128 + signal number.
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
]) {
  process.on(signal, () => {
    removeInFlight();
    process.exit(128 + number);
  });
}
// Raw bytes (the command decodes them strictly as UTF-8), stopping once past maxBytes.
const readStdin = async (maxBytes = Infinity) => {
  const chunks = [];
  let length = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk);
    length += chunk.length;
    if (length > maxBytes) break;
  }
  return Buffer.concat(chunks);
};
const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  stdinIsTTY: process.stdin.isTTY === true,
  debug: process.env.MDKG_DEBUG === '1',
  ...(process.env.MDKG_CONFIG ? { configFile: process.env.MDKG_CONFIG } : {}),
  readStdin,
});
// Comunica can leave sockets or timers open; exit once output is flushed.
process.stdout.write('', () => process.exit(code));
