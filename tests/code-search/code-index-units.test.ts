// The search units of the code index (docs/code.md#chunking): a folded symbol has no fields of its
// own, its text counts in its unit's, and it is still found by name; a split class's unit has the
// names of its member units.
import { describe, expect, it } from 'vitest';
import { type CodeCatalog, CodeIndex, type CodeSymbolRecord } from '../../src/code-search/code-index.js';

function symbol(over: Partial<CodeSymbolRecord> & Pick<CodeSymbolRecord, 'name'>): CodeSymbolRecord {
  return {
    iri: `code:a.ts#${over.qualifiedName ?? over.name}`,
    file: 0,
    qualifiedName: over.name,
    kind: 'method',
    signature: '',
    doc: '',
    startLine: 1,
    endLine: 1,
    parent: -1,
    calls: [],
    foldedInto: -1,
    split: false,
    ...over,
  };
}

const catalog: CodeCatalog = {
  files: [{ iri: 'code:a.ts', path: 'a.ts', language: 'typescript', lines: 200, symbols: [0, 1, 2, 3], imports: [] }],
  symbols: [
    symbol({ name: 'Ledger', kind: 'class', signature: 'class Ledger', endLine: 150, split: true }),
    symbol({ name: 'balance', qualifiedName: 'Ledger.balance', signature: 'balance(): number', doc: 'Sums the entries.', parent: 0, foldedInto: 0 }),
    symbol({
      name: 'reconcile',
      qualifiedName: 'Ledger.reconcile',
      signature: 'reconcile(): void',
      doc: 'Matches payments.',
      parent: 0,
      startLine: 10,
      endLine: 60,
    }),
    symbol({ name: 'audit', kind: 'function', signature: 'function audit(): void', doc: 'Checks entries.', startLine: 160, endLine: 170 }),
  ],
  fileCalls: new Map(),
};

describe('code index search units', () => {
  const index = new CodeIndex(catalog);
  const fields = (term: string): Array<[string, string[]]> =>
    catalog.symbols.map((s, i) => [s.qualifiedName, index.bm25.fieldsOf(term, i)] as [string, string[]]).filter(([, f]) => f.length > 0);

  it.each([
    // Terms as the index stems them.
    ['sum', [['Ledger', ['doc']]]],
    ['balanc', [['Ledger', ['signature']]]],
    [
      'reconcil',
      [
        ['Ledger', ['signature']],
        ['Ledger.reconcile', ['name', 'signature']],
      ],
    ],
    ['payment', [['Ledger.reconcile', ['doc']]]],
    [
      'entri',
      [
        ['Ledger', ['doc']],
        ['audit', ['doc']],
      ],
    ],
  ] as Array<[string, Array<[string, string[]]>]>)('%s is in the fields of %j (term, then [unit, fields])', (term, expected) => {
    expect(fields(term)).toEqual(expected);
  });

  it('finds a folded symbol by name and qualified name', () => {
    expect([index.byName.get('balance'), index.byName.get('ledger.balance')]).toEqual([[1], [1]]);
  });
});
