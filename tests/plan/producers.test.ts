// Which parameter a requires edge feeds and from which field: declared bindings, field-match
// evidence, a path rule's {param}, the same words; and the order candidates are tried in.
import { describe, expect, it } from 'vitest';
import type { PlanEdge, PlanParam, PlanTool } from '../../src/plan/plan-catalog.js';
import { edgeFeeds, type Feed, fieldWords, rankFeeds } from '../../src/plan/producers.js';

const param = (name: string, where?: string): PlanParam => ({
  name,
  required: true,
  ...(where === undefined ? {} : { in: where }),
  enum: [],
  field: where === undefined ? name : `${where}.${name}`,
});
const tool = (name: string, params: PlanParam[], produces: string[] = [], readOnly = true): PlanTool => ({
  id: `tool:t/${name}`,
  name,
  readOnly,
  params,
  consumes: [],
  produces,
  edges: [],
});
const edge = (evidence: string, extra: Partial<PlanEdge> = {}): PlanEdge => ({
  to: 1,
  relation: 'requires',
  confidence: 'inferred',
  score: 0.7,
  rule: 'field-match',
  evidence,
  declared: false,
  ...extra,
});

describe('fieldWords', () => {
  it.each([
    ['response[].petId', ['pet', 'id']],
    ['path.order_no', ['order', 'no']],
    ['userIDs', ['user', 'id']],
    ['body.items[].sku_number', ['sku', 'no']],
  ])('%s', (field, words) => {
    expect(fieldWords(field)).toEqual(words);
  });
});

describe('edgeFeeds', () => {
  const consumer = tool('getPetPhotos', [param('petId', 'path'), param('ownerId', 'query')]);
  const producer = tool('findPets', [], ['response[].id', 'response[].ownerId']);
  it.each<[string, PlanEdge, string[]]>([
    [
      'declared bindings',
      edge('', { bindings: [{ parameter: 'path.petId', field: 'response[].id' }], declared: true }),
      ['path.petId <- response[].id', 'query.ownerId <- response[].ownerId'],
    ],
    [
      'a declared edge evidence with arrows',
      edge('link GetPets: response[].id -> path.petId', { declared: true }),
      ['path.petId <- response[].id', 'query.ownerId <- response[].ownerId'],
    ],
    [
      'field-match evidence',
      edge('findPets produces response[].id (integer) that getPetPhotos consumes as path.petId (integer)'),
      ['path.petId <- response[].id', 'query.ownerId <- response[].ownerId'],
    ],
    [
      'a path rule names the parameter',
      edge('GET /pets lists the items whose {petId} GET /pets/{petId}/photos needs', { rule: 'path-hierarchy' }),
      ['path.petId <- response[].id', 'query.ownerId <- response[].ownerId'],
    ],
    [
      "no evidence: the same words, or the bare id of the producer's own item",
      edge('', { rule: 'hand-written' }),
      ['path.petId <- response[].id', 'query.ownerId <- response[].ownerId'],
    ],
  ])('%s', (_, e, expected) => {
    expect(edgeFeeds(consumer, producer, e).map((f) => `${f.param.field} <- ${f.field}`)).toEqual(expected);
  });

  it('marks a parameter fed because it has the same name as an output field', () => {
    const feeds = edgeFeeds(consumer, producer, edge('findPets produces response[].id (integer) that getPetPhotos consumes as path.petId (integer)'));
    expect(feeds.map((f) => f.sameName ?? false)).toEqual([false, true]);
  });
});

describe('rankFeeds', () => {
  const tools = [tool('write_a', [], [], false), tool('read_b', []), tool('read_c', [param('x')]), tool('read_d', [])];
  const feed = (producer: number, score: number, declared = false): Feed => ({ producer, field: 'id', edge: edge('', { to: producer, score, declared }) });
  const order = (feeds: Feed[], inPlan: number[] = [], relevance: Array<[number, number]> = []): string[] =>
    rankFeeds(feeds, { tools, inPlan: (t) => inPlan.includes(t), open: (t) => tools[t]!.params.length, relevance: new Map(relevance) }).map(
      (f) => tools[f.producer]!.name,
    );
  it.each<[string, () => string[], string[]]>([
    ['declared first', () => order([feed(1, 0.9), feed(0, 0.5, true)]), ['write_a', 'read_b']],
    ['then a tool already in the plan', () => order([feed(1, 0.9), feed(0, 0.5)], [0]), ['write_a', 'read_b']],
    ['then the edge score', () => order([feed(1, 0.5), feed(0, 0.9)]), ['write_a', 'read_b']],
    ['then a read-only tool', () => order([feed(0, 0.7), feed(1, 0.7)]), ['read_b', 'write_a']],
    ['then fewer values to ask for', () => order([feed(2, 0.7), feed(3, 0.7)]), ['read_d', 'read_c']],
    ['then the rank for the request, then the id', () => order([feed(3, 0.7), feed(1, 0.7)], [], [[3, 0]]), ['read_d', 'read_b']],
    ['the id last', () => order([feed(3, 0.7), feed(1, 0.7)]), ['read_b', 'read_d']],
  ])('%s', (_, run, expected) => {
    expect(run()).toEqual(expected);
  });
});
