import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMdkgError } from '../../src/errors.js';
import { learnPair } from '../../src/learned/learn-pair.js';
import { readPairRecords } from '../../src/search/learned/pair-records.js';
import { learnedGraph } from '../helpers/learned-graph.js';
import { tempDir } from '../helpers/temp-dir.js';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const EVIDENCE = 'src/auth.ts:3 signIn checks the password and opens a session';

/** The code of the error `fn` throws (or 'none'). */
function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'none';
  } catch (error) {
    return isMdkgError(error) ? error.code : `not coded: ${(error as Error).message}`;
  }
}

describe('learnPair', () => {
  it('writes one reviewable document under learned/ that loads back as the pair', async () => {
    const { dir, kg } = await learnedGraph();
    const report = learnPair(kg.store, dir, { term: '  log   in ', target: 'AuthService.signIn', code_evidence: EVIDENCE }, { now: NOW });
    expect(report).toMatchObject({
      id: 'doc:learned/log%20in/code%3Asrc%2Fauth.ts%23AuthService.signIn',
      path: 'learned/log%20in/code%3Asrc%2Fauth.ts%23AuthService.signIn.md',
      term: 'log in',
      target: 'code:src/auth.ts#AuthService.signIn',
      targetKind: 'symbol',
      learnedAt: '2026-11-20T10:00:00.000Z',
      replaced: false,
    });
    const text = readFileSync(join(dir, report.path), 'utf8');
    expect(text.split('\n').slice(0, 11)).toEqual([
      '---',
      'id: doc:learned/log%20in/code%3Asrc%2Fauth.ts%23AuthService.signIn',
      'type: LearnedPair',
      'title: log in → AuthService.signIn',
      'target: code:src/auth.ts#AuthService.signIn',
      `evidence: ${EVIDENCE}`,
      'learned_at: 2026-11-20T10:00:00.000Z',
      `similarity: "${report.similarity.toFixed(4).replace(/0+$/, '').replace(/\.$/, '.0')}"`,
      `target_hash: ${report.targetHash}`,
      'term: log in',
      '---',
    ]);
    await kg.refresh();
    const { records, diagnostics } = readPairRecords(kg.store);
    expect(diagnostics).toEqual([]);
    expect(records.map((r) => [r.term, r.targetId, r.status, r.evidence, r.path])).toEqual([
      ['log in', 'code:src/auth.ts#AuthService.signIn', 'active', EVIDENCE, report.path],
    ]);
  });

  it('is deterministic, and learning the pair again replaces its document', async () => {
    const { dir, kg } = await learnedGraph();
    const first = learnPair(kg.store, dir, { term: 'forget someone', target: 'book/remove_person', code_evidence: 'x' }, { now: NOW });
    const text = readFileSync(join(dir, first.path), 'utf8');
    const again = learnPair(kg.store, dir, { term: 'forget someone', target: 'tool:book/remove_person', code_evidence: 'x' }, { now: NOW });
    expect([again.replaced, again.path, readFileSync(join(dir, again.path), 'utf8')]).toEqual([true, first.path, text]);
  });

  it.each([
    ['no evidence', { term: 'login', target: 'AuthService.signIn' }, 'MDKG_PAIR_EVIDENCE_MISSING'],
    ['blank evidence', { term: 'login', target: 'AuthService.signIn', code_evidence: ' \n\t ' }, 'MDKG_PAIR_EVIDENCE_MISSING'],
    ['an unknown target', { term: 'login', target: 'AuthService.logIn', code_evidence: 'x' }, 'MDKG_PAIR_TARGET_UNKNOWN'],
    ['an id of nothing', { term: 'login', target: 'tool:book/nothing', code_evidence: 'x' }, 'MDKG_PAIR_TARGET_UNKNOWN'],
    ['a node that is no tool or symbol', { term: 'login', target: 'doc:somewhere', code_evidence: 'x' }, 'MDKG_PAIR_TARGET_UNKNOWN'],
    ['a term of 201 characters', { term: 'a'.repeat(201), target: 'AuthService.signIn', code_evidence: 'x' }, 'MDKG_USAGE'],
    ['a target of 1001 characters', { term: 'login', target: 'x'.repeat(1001), code_evidence: 'x' }, 'MDKG_USAGE'],
    ['evidence of 2001 characters', { term: 'login', target: 'AuthService.signIn', code_evidence: 'e'.repeat(2001) }, 'MDKG_USAGE'],
    ['a term with a control character', { term: 'log\u0000in', target: 'AuthService.signIn', code_evidence: 'x' }, 'MDKG_USAGE'],
    ['a term with a bidi override', { term: 'log\u202ein', target: 'AuthService.signIn', code_evidence: 'x' }, 'MDKG_USAGE'],
    ['a term of punctuation only', { term: '../..', target: 'AuthService.signIn', code_evidence: 'x' }, 'MDKG_USAGE'],
    ['evidence with an escape sequence', { term: 'login', target: 'AuthService.signIn', code_evidence: 'a\u001b[31m' }, 'MDKG_USAGE'],
  ])('refuses %s with a coded error and writes nothing', async (_what, input, code) => {
    const { dir, kg } = await learnedGraph();
    expect(codeOf(() => learnPair(kg.store, dir, input as never))).toBe(code);
    expect(existsSync(join(dir, 'learned'))).toBe(false);
  });

  it.each([
    ['.hidden dir', 'learned/%2Ehidden%20dir/tool%3Abook%2Fremove_person.md'],
    ['../../etc/passwd', 'learned/%2E.%2F..%2Fetc%2Fpasswd/tool%3Abook%2Fremove_person.md'],
    ['/abs/path', 'learned/%2Fabs%2Fpath/tool%3Abook%2Fremove_person.md'],
    ['CON', 'learned/%63on/tool%3Abook%2Fremove_person.md'],
  ])('keeps a hostile term %j inside learned/ as a reversible file name', async (term, path) => {
    const { dir, kg } = await learnedGraph();
    expect(learnPair(kg.store, dir, { term, target: 'book/remove_person', code_evidence: 'x' }, { now: NOW }).path).toBe(path);
    expect(existsSync(join(dir, path))).toBe(true);
  });

  it('refuses to write through a learned/ folder that is a symbolic link', async () => {
    const { dir, kg } = await learnedGraph();
    const outside = await tempDir();
    mkdirSync(join(outside, 'x'));
    symlinkSync(outside, join(dir, 'learned'));
    expect(codeOf(() => learnPair(kg.store, dir, { term: 'forget', target: 'book/remove_person', code_evidence: 'x' }))).toBe('MDKG_PATH_ESCAPE');
  });

  it('says which nodes an ambiguous name could be', async () => {
    const second = (await import('../helpers/learned-graph.js')).LEARNED_FILES['tools/book/add_person.md']!.replaceAll('tool:book/', 'tool:crm/').replace(
      'source: book',
      'source: crm',
    );
    const { dir, kg } = await learnedGraph({ 'tools/crm/add_person.md': second });
    try {
      learnPair(kg.store, dir, { term: 'new contact', target: 'add_person', code_evidence: 'x' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe("'add_person' names 2 nodes: give the id: tool:book/add_person, tool:crm/add_person");
    }
  });
});
