import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { learnPair } from '../../../src/learned/learn-pair.js';
import { readPairRecords, targetHash } from '../../../src/search/learned/pair-records.js';
import { ToolIndex } from '../../../src/search/tool-index.js';
import { LEARNED_FILES, learnedGraph } from '../../helpers/learned-graph.js';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const LATER = { now: new Date('2026-11-21T10:00:00.000Z') };
const TOOL = 'https://w3id.org/mdkg/tool/book/remove_person';
const pairDoc = (lines: string[]): string => ['---', 'type: LearnedPair', ...lines, '---', ''].join('\n');

describe('readPairRecords', () => {
  it('reports each malformed pair with its file and line, and still reads the others', async () => {
    const ok = `target_hash: sha256:${'0'.repeat(64)}`;
    const { kg } = await learnedGraph({
      'learned/a/no-term.md': pairDoc(['id: doc:learned/a', 'target: tool:book/remove_person', 'learned_at: 2026-11-20T00:00:00Z', ok]),
      'learned/b/no-target.md': pairDoc(['id: doc:learned/b', 'term: b', 'learned_at: 2026-11-20T00:00:00Z', ok]),
      'learned/c/bad-date.md': pairDoc(['id: doc:learned/c', 'term: c', 'target: tool:book/remove_person', 'learned_at: yesterday', ok]),
      'learned/d/bad-hash.md': pairDoc([
        'id: doc:learned/d',
        'term: d',
        'target: tool:book/remove_person',
        'learned_at: 2026-11-20T00:00:00Z',
        'target_hash: md5:1',
      ]),
      'learned/e/bad-similarity.md': pairDoc([
        'id: doc:learned/e',
        'term: e',
        'target: tool:book/remove_person',
        'learned_at: 2026-11-20T00:00:00Z',
        ok,
        'similarity: "7"',
      ]),
      'learned/f/yaml.md': '---\nid: doc:learned/f\nterm: [unclosed\n---\n',
      'learned/g/fine.md': pairDoc(['id: doc:learned/g', 'term: g', 'target: tool:book/remove_person', 'learned_at: 2026-11-20T00:00:00Z', ok]),
    });
    const { records, diagnostics } = readPairRecords(kg.store);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      'learned/a/no-term.md:1 MDKG_PAIR_INVALID',
      'learned/b/no-target.md:1 MDKG_PAIR_INVALID',
      'learned/c/bad-date.md:1 MDKG_PAIR_INVALID',
      'learned/d/bad-hash.md:1 MDKG_PAIR_INVALID',
      'learned/e/bad-similarity.md:1 MDKG_PAIR_INVALID',
    ]);
    expect(kg.diagnostics.filter((d) => d.file === 'learned/f/yaml.md').map((d) => [d.code, d.line])).toEqual([['MDKG_YAML_INVALID', 4]]);
    expect(records.map((r) => [r.term, r.status])).toEqual([['g', 'stale']]);
  });

  it('hashes a target by its statements, not by where it sits in its file', async () => {
    const { dir, kg } = await learnedGraph();
    const before = targetHash(kg.store, 'https://w3id.org/mdkg/code/src/auth.ts#AuthService.signIn');
    const moved = LEARNED_FILES['code/src/auth.ts.md']!.replace('start_line: 3', 'start_line: 5').replace('end_line: 9', 'end_line: 11');
    writeFileSync(join(dir, 'code/src/auth.ts.md'), moved);
    await kg.refresh();
    expect(targetHash(kg.store, 'https://w3id.org/mdkg/code/src/auth.ts#AuthService.signIn')).toBe(before);
    writeFileSync(join(dir, 'code/src/auth.ts.md'), moved.replace('opens a session', 'opens two sessions'));
    await kg.refresh();
    expect(targetHash(kg.store, 'https://w3id.org/mdkg/code/src/auth.ts#AuthService.signIn')).not.toBe(before);
  });
});

describe('learned pairs in tool search', () => {
  it('ranks nothing differently without pairs, and adds no source', async () => {
    const { kg } = await learnedGraph();
    const index = ToolIndex.build(kg, { learned: LATER });
    const result = await index.search('wipe out a record', { limit: 3, explain: true });
    expect(result.mode).not.toContain('pairs');
    expect([index.learnedPairs().size, index.learnedDiagnostics]).toEqual([0, []]);
  });

  it('ranks the target of a matching pair as the `pairs` source, with the pair as evidence', async () => {
    const { dir, kg } = await learnedGraph();
    const plain = await ToolIndex.build(kg).search('wipe out a record', { limit: 3 });
    learnPair(kg.store, dir, { term: 'wipe out', target: 'book/remove_person', code_evidence: 'remove_person deletes the record' }, { now: NOW });
    await kg.refresh();
    const index = ToolIndex.build(kg, { learned: LATER });
    const result = await index.search('wipe out a record', { limit: 3 });
    expect(result.mode).toContain('pairs');
    const hit = result.hits.find((h) => h.iri === TOOL)!;
    expect(hit.evidence.find((e) => e.source === 'pairs')).toEqual({
      source: 'pairs',
      rank: 1,
      score: 0.8333,
      pair: {
        term: 'wipe out',
        how: 'exact',
        weight: 0.8333,
        similarity: 0,
        learnedAt: '2026-11-20T10:00:00.000Z',
        file: 'learned/wipe%20out/tool%3Abook%2Fremove_person.md',
      },
    });
    expect(result.hits.findIndex((h) => h.iri === TOOL)).toBeLessThanOrEqual(
      Math.max(
        0,
        plain.hits.findIndex((h) => h.iri === TOOL),
      ),
    );
    // A request without the term ranks as before.
    expect((await index.search('list people', { limit: 3 })).hits.map((h) => [h.id, h.confidence])).toEqual(
      (await ToolIndex.build(kg, { learned: { now: new Date('2027-06-01T00:00:00Z') } }).search('list people', { limit: 3 })).hits.map((h) => [
        h.id,
        h.confidence,
      ]),
    );
    // The snapshot keeps the pairs (a warm start uses them) and the TTL applies when it is opened.
    expect(ToolIndex.fromSnapshot(index.snapshot(), { learned: LATER }).learnedPairs().size).toBe(1);
    expect(ToolIndex.fromSnapshot(index.snapshot(), { learned: { now: new Date('2027-01-01T00:00:00Z') } }).learnedDiagnostics.map((d) => d.code)).toEqual([
      'MDKG_PAIR_EXPIRED',
    ]);
  });

  it('stops using a pair whose target changed or disappeared, and says so', async () => {
    const { dir, kg } = await learnedGraph();
    learnPair(kg.store, dir, { term: 'wipe out', target: 'book/remove_person', code_evidence: 'x' }, { now: NOW });
    writeFileSync(join(dir, 'tools/book/remove_person.md'), LEARNED_FILES['tools/book/remove_person.md']!.replace('Removes a person', 'Archives a person'));
    await kg.refresh();
    const stale = ToolIndex.build(kg, { learned: LATER });
    expect([stale.learnedPairs().size, stale.learnedDiagnostics.map((d) => d.code)]).toEqual([0, ['MDKG_PAIR_STALE']]);
    expect((await stale.search('wipe out a record')).mode).not.toContain('pairs');
    rmSync(join(dir, 'tools/book/remove_person.md'));
    await kg.refresh();
    expect(ToolIndex.build(kg, { learned: LATER }).learnedDiagnostics.map((d) => [d.code, d.file])).toEqual([
      ['MDKG_PAIR_TARGET_UNKNOWN', 'learned/wipe%20out/tool%3Abook%2Fremove_person.md'],
    ]);
  });
});
