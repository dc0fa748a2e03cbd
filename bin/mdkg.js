#!/usr/bin/env node
// The mdkg command. The only place that ends the process; everything else returns exit codes.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("mdkg: not built yet (dist/ is missing). Run 'npm install' or 'npm run build' in the mdkg folder.\n");
  process.exit(1);
}
const { main, removeInFlight } = await import(entry.href);
// Interrupted: remove the temp files and folders in flight (a half-written document, a bench
// catalog), then end with the usual 128 + signal number.
for (const [signal, number] of [['SIGINT', 2], ['SIGTERM', 15]]) {
  process.on(signal, () => {
    removeInFlight();
    process.exit(128 + number);
  });
}
const readStdinBytes = async () => {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks);
};
const readStdin = async () => (await readStdinBytes()).toString('utf8');
const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  readStdin,
  readStdinBytes,
});
// Comunica can leave sockets or timers open; exit once output is flushed.
process.stdout.write('', () => process.exit(code));
