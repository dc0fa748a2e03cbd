import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { learnedGraph } from '../helpers/learned-graph.js';

describe('mdkg learn-pair and mdkg validate-symbol-relevance', () => {
  it('learns a pair, then search shows it as evidence and validate-symbol-relevance lists it', async () => {
    const { dir } = await learnedGraph();
    const learned = await runCli(['learn-pair', 'wipe out', 'book/remove_person', '--evidence', 'remove_person deletes it', '--graphs', dir], dir);
    expect([learned.code, learned.stdout]).toEqual([
      0,
      "learned 'wipe out' -> tool:book/remove_person (tool, similarity 0.00)\nwrote learned/wipe%20out/tool%3Abook%2Fremove_person.md\n",
    ]);
    const searched = await runCli(['search', 'wipe out Ana', '--graphs', dir, '--no-cache'], dir);
    expect(searched.stdout).toContain("learned 'wipe out'");
    const checked = await runCli(['validate-symbol-relevance', 'wipe out', 'book/remove_person', '--graphs', dir, '--json', '--no-cache'], dir);
    const report = JSON.parse(checked.stdout) as { results: Array<{ verdict: string }>; pairs: Array<{ target: string }> };
    expect([checked.code, report.results.map((r) => r.verdict), report.pairs.map((p) => p.target)]).toEqual([0, ['rejected'], ['tool:book/remove_person']]);
    const table = await runCli(['validate-symbol-relevance', 'remove person', 'book/remove_person', 'book/list_people', '--graphs', dir, '--no-cache'], dir);
    expect(table.stdout.split('\n').slice(0, 4)).toEqual([
      'symbol              target                   sim   verdict             risk  matched         learned',
      '------------------  -----------------------  ----  ------------------  ----  --------------  -------',
      'book/remove_person  tool:book/remove_person  1.00  accepted            LOW   =remov =person',
      'book/list_people    tool:book/list_people    0.50  accepted_high_risk  HIGH  =person',
    ]);
  });

  it.each([
    [['learn-pair', 'x'], 2, 'mdkg learn-pair: MDKG_USAGE'],
    [['learn-pair', 'x', 'book/remove_person'], 1, 'mdkg learn-pair: MDKG_PAIR_EVIDENCE_MISSING'],
    [['learn-pair', 'x', 'nothing', '--evidence', 'e'], 1, 'mdkg learn-pair: MDKG_PAIR_TARGET_UNKNOWN'],
    [['validate-symbol-relevance', 'x'], 2, 'mdkg validate-symbol-relevance: MDKG_USAGE'],
  ])('%j exits %i', async (argv, exit, message) => {
    const { dir } = await learnedGraph();
    const { code, stderr } = await runCli([...argv, '--graphs', dir], dir);
    expect([code, stderr.split(' ').slice(0, 3).join(' ')]).toEqual([exit, message]);
  });
});
