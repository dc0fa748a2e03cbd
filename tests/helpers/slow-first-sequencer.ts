// Starts the test files that take longest first, so the workers finish together instead of one
// running a long file alone at the end. vitest orders by the durations it cached on an earlier run;
// a fresh clone (CI) has none, so these files, each over 10 s on a quiet 2-core machine, lead.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files (relative to the root) that run longest, longest first: fitting, packing, servers. */
export const SLOW_FIRST = [
  'tests/search/fit/reproduce.test.ts',
  'tests/sparql/time-limits.test.ts',
  'tests/packaging/pack-install.test.ts',
  'tests/store/virtuoso.test.ts',
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const at = SLOW_FIRST.indexOf(relative(this.ctx.config.root, spec.moduleId).split('\\').join('/'));
      return at < 0 ? SLOW_FIRST.length : at;
    };
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((e) => e.spec);
  }
}
