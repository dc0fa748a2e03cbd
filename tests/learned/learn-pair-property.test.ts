// Any term at all: learnPair either refuses it with a coded error, or writes one document inside
// learned/ whose term loads back exactly as normalized (NFC, spaces collapsed).
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMdkgError } from '../../src/errors.js';
import { normalizeTerm } from '../../src/generate/learned-pair-document.js';
import { learnPair } from '../../src/learned/learn-pair.js';
import { readPairRecords } from '../../src/search/learned/pair-records.js';
import { learnedGraph } from '../helpers/learned-graph.js';

describe('learnPair on any term', () => {
  it('refuses with a code, or writes inside learned/ a pair that reads back as written', async () => {
    const { dir, kg } = await learnedGraph();
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), async (term) => {
        let path: string;
        try {
          path = learnPair(kg.store, dir, { term, target: 'book/remove_person', code_evidence: 'x' }).path;
        } catch (error) {
          expect(isMdkgError(error) && ['MDKG_USAGE'].includes(error.code)).toBe(true);
          return;
        }
        const rel = relative(resolve(dir, 'learned'), resolve(dir, path));
        expect(rel.startsWith('..') || rel.split('/').length !== 2).toBe(false);
        seen.add(normalizeTerm(term).toLowerCase());
        await kg.refresh();
        const terms = readPairRecords(kg.store).records.map((r) => r.term);
        expect(terms).toContain(normalizeTerm(term));
      }),
      { numRuns: 60 },
    );
    // Only folders of learned/ were written, one per distinct term (case folded).
    expect(readdirSync(join(dir, 'learned')).length).toBe(seen.size);
  }, 60_000);
});
