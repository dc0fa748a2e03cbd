// The learned-pairs meta-tools through a real MCP client (the SDK's) against `mdkg serve` over
// stdio, on a small temp graph: refusals come back as coded errors, a learned pair is a document
// and the very next search_tools ranks with it, validate_symbol_relevance gives tiers.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectServe } from '../helpers/serve-client.js';
import { LEARNED_FILES } from '../helpers/learned-graph.js';
import { writeFiles } from '../helpers/temp-dir.js';

let client: Client;
let work: string;

type Result = CallToolResult & { structuredContent?: Record<string, unknown> };
const call = async (name: string, args: Record<string, unknown>): Promise<Result> => (await client.callTool({ name, arguments: args })) as Result;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-learned-'));
  await writeFiles(join(work, 'graphs'), LEARNED_FILES);
  client = await connectServe(['--graphs', join(work, 'graphs')], work);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

describe('learn_pair and validate_symbol_relevance over MCP', () => {
  it('lists learn_pair as a write and validate_symbol_relevance as a read', async () => {
    const { tools } = await client.listTools();
    const hints = (name: string) => tools.find((t) => t.name === name)?.annotations;
    expect([hints('learn_pair')?.readOnlyHint, hints('learn_pair')?.destructiveHint, hints('validate_symbol_relevance')?.readOnlyHint]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it.each([
    ['no evidence', { term: 'wipe out', target: 'book/remove_person' }, 'MDKG_PAIR_EVIDENCE_MISSING'],
    ['an unknown target', { term: 'wipe out', target: 'book/nothing', code_evidence: 'x' }, 'MDKG_PAIR_TARGET_UNKNOWN'],
    ['a control character', { term: 'wipe\u0007out', target: 'book/remove_person', code_evidence: 'x' }, 'MDKG_USAGE'],
  ])('refuses %s with a coded error', async (_what, args, code) => {
    const result = await call('learn_pair', args);
    expect([result.isError, result.structuredContent?.code]).toEqual([true, code]);
    expect(existsSync(join(work, 'graphs', 'learned'))).toBe(false);
  });

  it('refuses a term over 200 characters by its schema', async () => {
    const result = await call('learn_pair', { term: 'a'.repeat(201), target: 'book/remove_person', code_evidence: 'x' });
    expect(result.isError).toBe(true);
  });

  it('learns a pair: a document under learned/, and search_tools ranks with it right away', async () => {
    const before = (await call('search_tools', { query: 'wipe out Ana' })).structuredContent?.tools as Array<{ id: string; evidence: string[] }>;
    const learned = await call('learn_pair', { term: 'wipe out', target: 'book/remove_person', code_evidence: 'remove_person deletes the record' });
    expect(learned.isError).toBeUndefined();
    expect(learned.structuredContent).toMatchObject({
      term: 'wipe out',
      target: 'tool:book/remove_person',
      targetKind: 'tool',
      replaced: false,
      diagnostics: [],
    });
    const path = learned.structuredContent?.path as string;
    expect(readFileSync(join(work, 'graphs', path), 'utf8')).toContain('type: LearnedPair');
    const after = (await call('search_tools', { query: 'wipe out Ana' })).structuredContent?.tools as Array<{ id: string; evidence: string[] }>;
    const hit = after.find((t) => t.id === 'tool:book/remove_person');
    expect(hit?.evidence).toContain("pairs #1: learned 'wipe out'");
    expect(before.find((t) => t.id === 'tool:book/remove_person')?.evidence ?? []).not.toContain("pairs #1: learned 'wipe out'");
  });

  it('validates symbols against a term, in three tiers, with the learned pairs that match', async () => {
    const result = await call('validate_symbol_relevance', { term: 'wipe out person', symbols: ['book/remove_person', 'AuthService.signIn', 'book/nothing'] });
    const report = result.structuredContent as {
      results: Array<{ symbol: string; verdict: string; similarity: number }>;
      pairs: Array<{ term: string; target: string }>;
    };
    expect(report.results.map((r) => [r.symbol, r.verdict])).toEqual([
      ['book/remove_person', 'accepted_high_risk'],
      ['AuthService.signIn', 'rejected'],
      ['book/nothing', 'rejected'],
    ]);
    expect(report.pairs.map((p) => [p.term, p.target])).toEqual([['wipe out', 'tool:book/remove_person']]);
  });
});
