import { DataFactory } from 'n3';
import { describe, expect, it } from 'vitest';
import { QuadStore } from '../../../src/rdf/quad-store.js';
import { TermReader, bySubject } from '../../../src/search/catalog/term-reader.js';

const { namedNode: n, literal, blankNode, quad } = DataFactory;
const ex = (s: string) => n(`http://example.org/${s}`);

function store(): QuadStore {
  const s = new QuadStore();
  s.addQuads([
    quad(ex('t1'), ex('name'), literal('first'), ex('g1')),
    quad(ex('t1'), ex('name'), ex('not-a-literal'), ex('g1')),
    quad(ex('t1'), ex('tag'), literal('a'), ex('g1')),
    quad(ex('t1'), ex('tag'), blankNode('b1'), ex('g1')),
    quad(ex('t1'), ex('tag'), literal('b', 'en'), ex('g1')),
    quad(ex('t1'), ex('other'), literal('ignored'), ex('g1')),
    quad(ex('t2'), ex('tag'), literal('c'), ex('g2')),
    quad(ex('t1'), ex('tag'), literal('d'), ex('g2')),
    ...Array.from({ length: 40 }, (_, i) => quad(ex('t3'), ex('tag'), literal(`v${i}`), ex('g3'))),
  ]);
  return s;
}

describe('TermReader', () => {
  const s = store();
  const r = new TermReader(s);
  const table = r.table([`http://example.org/name`, `http://example.org/tag`, `http://example.org/unused`, `http://example.org/tag`]);
  const id = (local: string): number => s.termId(ex(local))!;

  it('gives each distinct predicate a slot', () => {
    expect([
      table.at('http://example.org/name'),
      table.at('http://example.org/tag'),
      table.at('http://example.org/unused'),
      table.at('http://example.org/nope'),
    ]).toEqual([0, 1, 2, -1]);
    expect(table.empty).toBe(false);
    expect(r.table(['http://example.org/unused']).empty).toBe(true);
  });

  it.each<[string, number, string[], string | undefined, string | undefined, string[]]>([
    // subject, slot, values of all objects, first object, first literal, literal texts
    ['t1', 0, ['first', 'http://example.org/not-a-literal'], 'first', 'first', ['first']],
    ['t1', 1, ['a', 'b1', 'b', 'd'], 'a', 'a', ['a', 'b', 'd']],
    ['t1', 2, [], undefined, undefined, []],
    ['t2', 1, ['c'], 'c', 'c', ['c']],
    ['t2', 0, [], undefined, undefined, []],
  ])('collects %s slot %i in store order', (subject, k, all, first, firstLiteral, texts) => {
    r.collect(id(subject), table);
    expect(r.objects(table, k).map((o) => r.value(o))).toEqual(all);
    expect(r.value(r.objects(table, k)[0])).toBe(first);
    expect(r.value(r.firstLiteral(table, k))).toBe(firstLiteral);
    const out: string[] = [];
    r.literals(table, k, out);
    expect(out).toEqual(texts);
  });

  it('grows its buffer for a subject with many quads and resets it per subject', () => {
    r.collect(id('t3'), table);
    expect(r.objects(table, 1).map((o) => r.value(o))).toEqual(Array.from({ length: 40 }, (_, i) => `v${i}`));
    r.collect(id('t2'), table);
    expect(table.length).toBe(1);
    r.collect(-1, table);
    expect(table.length).toBe(0);
  });

  it('reads pairs, remembers values and tells term types', () => {
    const { subjects, objects } = r.pairs('http://example.org/tag');
    expect(Array.from(subjects, (x) => r.value(x))).toEqual([
      'http://example.org/t1',
      'http://example.org/t1',
      'http://example.org/t1',
      'http://example.org/t2',
      'http://example.org/t1',
      ...Array(40).fill('http://example.org/t3'),
    ]);
    expect(objects).toHaveLength(45);
    expect(r.pairs('http://example.org/nope').subjects).toHaveLength(0);
    const a = s.termId(literal('a'))!;
    expect(r.cachedValue(a)).toBe('a');
    expect(r.cachedValue(a)).toBe('a');
    expect(r.cachedValue(undefined)).toBeUndefined();
    expect([r.isNamedNode(id('t1')), r.isNamedNode(a), r.isLiteral(a), r.isLiteral(id('t1'))]).toEqual([true, false, true, false]);
  });
});

describe('bySubject', () => {
  const run = (subjects: number[], objects: number[]): string[] => {
    const out: string[] = [];
    bySubject({ subjects: Uint32Array.from(subjects), objects: Uint32Array.from(objects) }, (s, o) => out.push(`${s}: ${Array.from(o).join(' ')}`));
    return out;
  };

  it.each<[string, number[], number[], string[]]>([
    ['grouped pairs', [5, 5, 2, 9, 9, 9], [1, 2, 3, 4, 5, 6], ['5: 1 2', '2: 3', '9: 4 5 6']],
    ['a subject seen again later', [5, 2, 5, 9, 2], [1, 2, 3, 4, 5], ['5: 1 3', '2: 2 5', '9: 4']],
    ['one pair', [0], [7], ['0: 7']],
    ['nothing', [], [], []],
  ])('visits subjects in order of first appearance, objects in order: %s', (_name, subjects, objects, expected) => {
    expect(run(subjects, objects)).toEqual(expected);
  });
});
