// Refitting reproduces the shipped data files: runs the whole `npm run fit` (tuning, re-ranker,
// calibration: about 2 min on 2 cores, so every stage is reproduced) into a temp folder and
// compares with src/search/params/data, ignoring only provenance.commit. Skipped when the labelled
// sets (shared/datasets/gtc beside the checkout, or $MDKG_GTC_SETS) are absent.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateGtc, REPO } from '../../../benchmarks/fit/datasets.js';
import { DATA_DIR, FILES } from '../../../benchmarks/fit/files.js';

const gtc = locateGtc();
const out = mkdtempSync(join(tmpdir(), 'mdkg-fit-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const withoutCommit = (path: string): unknown => {
  const file = JSON.parse(readFileSync(path, 'utf8')) as { provenance: { commit?: string } };
  delete file.provenance.commit;
  return file;
};

describe.skipIf(gtc === undefined)(
  `npm run fit reproduces the shipped data files (sets: ${gtc ?? 'absent: shared/datasets/gtc not found, test skipped'})`,
  () => {
    it('every file is equal to the shipped one except provenance.commit', () => {
      execFileSync(process.execPath, ['--import', 'tsx', join(REPO, 'benchmarks', 'fit.ts'), '--out', out], { cwd: REPO, stdio: 'pipe' });
      for (const name of Object.values(FILES)) expect(withoutCommit(join(out, name)), name).toEqual(withoutCommit(join(DATA_DIR, name)));
    }, 600_000);
  },
);
