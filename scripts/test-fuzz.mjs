// Runs the property tests (the test files that use fast-check) with a fresh seed per property:
// `npm run test:fuzz [-- <vitest options>]`. The suite itself uses one fixed seed
// (tests/helpers/fast-check-seed.ts); a failure here prints its seed, which replays it with
// MDKG_FC_SEED=<seed> npx vitest run <file>.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

const files = testFiles('tests').filter((f) => readFileSync(f, 'utf8').includes("from 'fast-check'"));
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...files, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, MDKG_FC_SEED: 'random' },
});
process.exitCode = run.status ?? 1;
