import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/errors.js';
import { capDiagnostics } from '../../src/graph/diagnostic-cap.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { tempDir } from '../helpers/temp-dir.js';

const d = (file: string | undefined, severity: Diagnostic['severity'], n: number): Diagnostic => ({
  code: 'MDKG_UNRESOLVED_LINK',
  severity,
  message: `m${n}`,
  ...(file === undefined ? {} : { file }),
});

describe('capDiagnostics', () => {
  it.each([
    ['under the cap: unchanged', [d('a', 'warning', 1), d('a', 'warning', 2)], 2, ['a:m1', 'a:m2']],
    [
      'over the cap: the first kept, one summary with the worst hidden severity',
      [d('a', 'warning', 1), d('a', 'warning', 2), d('a', 'error', 3), d('a', 'info', 4)],
      1,
      ['a:m1', 'a:error:3 more problems in this file not shown (the first 1 are)'],
    ],
    [
      'per file',
      [d('a', 'info', 1), d('b', 'info', 2), d('a', 'info', 3)],
      1,
      ['a:m1', 'b:m2', 'a:info:1 more problem in this file not shown (the first 1 are)'],
    ],
    ['without a file: all kept', [d(undefined, 'error', 1), d(undefined, 'error', 2)], 1, ['-:m1', '-:m2']],
  ] as const)('%s', (_, list, max, want) => {
    const out = capDiagnostics(list, max).map((x) =>
      x.code === 'MDKG_TOO_MANY_DIAGNOSTICS' ? `${x.file}:${x.severity}:${x.message}` : `${x.file ?? '-'}:${x.message}`,
    );
    expect(out).toEqual(want);
  });

  it('a document with 5,000 unresolved links shows 100 and a count, quickly', async () => {
    const links = Array.from({ length: 5000 }, (_, i) => `[[nowhere ${i}]]`).join(' ');
    const dir = await tempDir({ 'a.md': `---\nid: concept:a\n---\n# A\n${links}\n` });
    const kg = await loadGraph(dir, { cache: false });
    expect(kg.diagnostics.length).toBe(101);
    expect(kg.diagnostics.at(-1)).toEqual({
      code: 'MDKG_TOO_MANY_DIAGNOSTICS',
      severity: 'warning',
      message: '4900 more problems in this file not shown (the first 100 are)',
      file: 'a.md',
      line: 1,
      column: 1,
    });
  });
});
