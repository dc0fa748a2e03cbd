import { describe, expect, it } from 'vitest';
import { renderDiagnostics, renderReport } from '../../src/bench/report.js';
import { fixtureReport } from './report-fixture.js';

describe('renderReport', () => {
  it('prints datasets as rows, metrics as columns, split and overall rows, failed datasets last', () => {
    expect(renderReport(fixtureReport())).toBe(
      [
        'strategy: bm25',
        'dataset                   split  queries  Hit@1  Hit@3  Hit@5  R@5    R@10   MRR    nDCG@10  mAP@10  ECE    ECE@1  p50 ms  p95 ms  build ms',
        '------------------------  -----  -------  -----  -----  -----  -----  -----  -----  -------  ------  -----  -----  ------  ------  --------',
        'alpha & <beta>            dev    2        0.500  1.000  1.000  1.000  1.000  0.750  0.815    0.750   0.450  0.300  1.50    2.50    12.3',
        'gamma                     test   1        1.000  1.000  1.000  1.000  1.000  1.000  1.000    1.000   0.275  0.100  0.25    0.25    12.3',
        'dev (1 dataset, pooled)   dev    2        0.500  1.000  1.000  1.000  1.000  0.750  0.815    0.750   0.450  0.300  1.50    2.50    -',
        'test (1 dataset, pooled)  test   1        1.000  1.000  1.000  1.000  1.000  1.000  1.000    1.000   0.275  0.100  0.25    0.25    -',
        'all (pooled)              -      3        0.667  1.000  1.000  1.000  1.000  0.833  0.877    0.833   0.392  0.233  1.50    2.50    -',
        'all (macro)               -      3        0.750  1.000  1.000  1.000  1.000  0.875  0.908    0.875   0.363  0.200  0.88    1.38    -',
        '',
        'failed datasets:',
        "  sets/missing: MDKG_DATASET_INVALID dataset folder 'sets/missing' does not exist or is not a folder",
        '',
      ].join('\n'),
    );
  });

  it('with requests no tool answers, adds a confidence table (no answer counted apart from the ranking metrics)', () => {
    const text = renderReport(fixtureReport(['bm25'], true));
    expect(text.slice(text.indexOf('confidence'), text.indexOf('failed datasets'))).toBe(
      [
        'confidence (strategy bm25; first results, answerable and no-answer requests)',
        'dataset         split  answerable  no answer  ECE@1 all  no answer ≥0.5  AUROC  P(conf≥0.5)  covered',
        '--------------  -----  ----------  ---------  ---------  --------------  -----  -----------  --------',
        'alpha & <beta>  dev    2           0          0.300      -               1.000  1.000        1 (50%)',
        // gamma: a right first result at 0.9 and a no-answer request at 0.7: bins off by 0.1 and 0.7
        'gamma           test   1           1          0.400      1.000           1.000  0.500        2 (100%)',
        'dev (pooled)    dev    2           0          0.300      -               1.000  1.000        1 (50%)',
        'test (pooled)   test   1           1          0.400      1.000           1.000  0.500        2 (100%)',
        'all (pooled)    -      3           1          0.350      1.000           1.000  0.667        3 (75%)',
        'all (macro)     -      3           1          0.350      1.000           1.000  0.750        3 (75%)',
        '',
        '',
      ].join('\n'),
    );
  });

  it('prints one block per strategy', () => {
    const text = renderReport(fixtureReport(['bm25', 'full']));
    expect(text.split('\n').filter((l) => l.startsWith('strategy: '))).toEqual(['strategy: bm25', 'strategy: full']);
  });

  it('lists dataset diagnostics with file and line, capped', () => {
    const report = fixtureReport();
    const d = report.datasets[0];
    if (d === undefined) throw new Error('fixture');
    d.diagnostics = [1, 2, 3].map((line) => ({ code: 'MDKG_DATASET_INVALID', severity: 'error', message: 'not JSON; line skipped', file: 'q.jsonl', line }));
    expect(renderDiagnostics(report, 2)).toBe(
      [
        'alpha & <beta>: q.jsonl:1: error MDKG_DATASET_INVALID not JSON; line skipped',
        'alpha & <beta>: q.jsonl:2: error MDKG_DATASET_INVALID not JSON; line skipped',
        '… and 1 more (see the JSON report)',
        '',
      ].join('\n'),
    );
  });
});

describe('report text from hostile datasets', () => {
  it('dataset names, folders, error messages and diagnostics with control or bidi characters stay escaped, one line each', () => {
    const report = fixtureReport();
    const evil = '\u001b]0;owned\u0007\u202e';
    const [first, ...rest] = report.datasets;
    if (first === undefined) throw new Error('fixture has a dataset');
    report.datasets = [
      {
        ...first,
        name: `n${evil}`,
        diagnostics: [{ code: 'MDKG_DATASET_INVALID', severity: 'warning', message: `m${evil}\nsecond line`, file: `f${evil}.jsonl`, line: 1 }],
      },
      ...rest,
      { ...first, dir: `d${evil}`, status: 'failed', error: { code: 'MDKG_DATASET_INVALID', message: `e${evil}` }, runs: [] },
    ];
    const text = `${renderReport(report)}${renderDiagnostics(report)}`;
    for (const line of text.split('\n')) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(renderDiagnostics(report)).toBe(
      'n\\x1b]0;owned\\x07\\u202e: f\\x1b]0;owned\\x07\\u202e.jsonl:1: warning MDKG_DATASET_INVALID m\\x1b]0;owned\\x07\\u202e\\nsecond line\n',
    );
    expect(renderReport(report)).toContain('  d\\x1b]0;owned\\x07\\u202e: MDKG_DATASET_INVALID e\\x1b]0;owned\\x07\\u202e\n');
  });
});
