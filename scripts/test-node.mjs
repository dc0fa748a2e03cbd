// Runs the README's quick start and the tests that depend most on the Node version (query workers,
// the bundled engine, the CLI, the gateway over stdio, the packed package) with another Node
// major: `npm run test:node -- 22`. That Node comes from the npm registry's `node` package,
// installed into a temp folder (nothing else is downloaded); the project's node_modules are reused
// (mdkg has no native addon). CI runs it for every major the README claims beyond the one it runs on.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const major = process.argv[2] ?? '22';
if (!/^\d+$/.test(major)) {
  console.error(`usage: npm run test:node -- <major>, got ${major}`);
  process.exit(2);
}
const FILES = [
  'tests/readme-example.test.ts',
  'tests/sparql/run.test.ts',
  'tests/sparql/worker-pool.test.ts',
  'tests/sparql/concurrency.test.ts',
  'tests/cli/query.test.ts',
  'tests/cli/search.test.ts',
  'tests/gateway/serve.test.ts',
  'tests/packaging/pack-install.test.ts',
];

const dir = mkdtempSync(join(tmpdir(), `mdkg-node${major}-`));
try {
  writeFileSync(join(dir, 'package.json'), '{"name":"mdkg-node-probe","private":true}\n');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `node@${major}`], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (install.status !== 0) throw new Error(`npm install node@${major} failed`);
  const env = { ...process.env, PATH: `${join(dir, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` };
  const version = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${major}.`)) throw new Error(`expected Node ${major}, got ${version || 'nothing'}`);
  console.log(`Node ${version}: the quick start, then ${FILES.length} test files`);
  const quick = spawnSync('node', ['bin/mdkg.js', 'search', 'delete entities from the knowledge graph', '--limit', '3'], { env, stdio: 'inherit' });
  if (quick.status !== 0) throw new Error(`the quick start failed on Node ${version}`);
  const tests = spawnSync('node', ['node_modules/vitest/vitest.mjs', 'run', '--coverage=false', ...FILES], { env, stdio: 'inherit' });
  process.exitCode = tests.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
