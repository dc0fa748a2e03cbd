import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerIdScanner, MAX_ID_CHARS, scanAnswerId } from '../../../src/ingest/mcp/answer-id.js';

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const scan = (text: string): ReturnType<typeof scanAnswerId> => scanAnswerId([bytes(text)]);

/** What JSON.parse says the scanner should find. */
function oracle(text: string): string | number | undefined {
  const v = JSON.parse(text) as unknown;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  if (Object.hasOwn(v, 'method')) return undefined;
  const id = (v as { id?: unknown }).id;
  if (typeof id === 'number') return id;
  if (typeof id === 'string' && id.length <= MAX_ID_CHARS) return id;
  return undefined;
}

/** Any JSON value, with strings that need escapes (quotes, backslashes, controls, non-BMP). */
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('id', '"id"', '\\', '{"id":1}', '}', ']'),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('id', 'method', 'result')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const idValue = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(null, true, false, [], {}, [1], { id: 2 }),
);

/** A message: other keys, an "id" (one, none, or two) placed anywhere among them; optionally escaped key spellings and spaces. */
const message = fc
  .record({
    before: fc.array(fc.tuple(fc.string({ unit: 'binary' }), jsonValue), { maxLength: 4 }),
    after: fc.array(fc.tuple(fc.string({ unit: 'binary' }), jsonValue), { maxLength: 4 }),
    ids: fc.array(idValue, { maxLength: 2 }),
    escapedKey: fc.boolean(),
    space: fc.constantFrom('', ' ', '\n\t ', '\r\n'),
  })
  .map(({ before, after, ids, escapedKey, space }) => {
    const entry = ([k, v]: [string, unknown]): string => `${JSON.stringify(k)}${space}:${space}${JSON.stringify(v)}`;
    const idKey = escapedKey ? '"\\u0069\\u0064"' : '"id"';
    const parts = [
      ...before.filter(([k]) => k !== 'id').map(entry),
      ...ids.map((id) => `${idKey}${space}:${space}${JSON.stringify(id)}`),
      ...after.filter(([k]) => k !== 'id').map(entry),
    ];
    return `${space}{${space}${parts.join(`${space},${space}`)}${space}}${space}`;
  });

describe('scanAnswerId agrees with JSON.parse', () => {
  it('on generated messages: ids anywhere among the keys, escapes, nesting, no id, two ids', () => {
    fc.assert(
      fc.property(message, (text) => {
        expect(scan(text).id).toEqual(oracle(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('on any JSON value (arrays, scalars, nested objects)', () => {
    fc.assert(
      fc.property(jsonValue, (v) => {
        const text = JSON.stringify(v);
        expect(scan(text).id).toEqual(oracle(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('whatever the chunk boundaries (a streaming scanner fed byte ranges)', () => {
    fc.assert(
      fc.property(message, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const all = bytes(text);
        const at = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
        const parts = [0, ...at].map((from, i) => all.subarray(from, at[i] ?? all.length));
        const scanner = new AnswerIdScanner();
        for (const part of parts) scanner.push(part);
        expect(scanner.end().id).toEqual(oracle(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('a truncated message has no id: every strict prefix of a message', () => {
    fc.assert(
      fc.property(message, fc.nat(), (text, cut) => {
        const trimmed = text.trimEnd();
        const prefix = bytes(trimmed).subarray(0, cut % bytes(trimmed).length);
        expect(scanAnswerId([prefix])).toMatchObject({ id: undefined, why: 'it is not one complete JSON object' });
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        expect(() => scanAnswerId([b])).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('scanAnswerId on given messages', () => {
  it.each([
    ['an answer', '{"jsonrpc":"2.0","id":7,"result":{"content":[]}}', { id: 7 }],
    ['the id last, after a big result', `{"result":{"content":[{"type":"text","text":"${'x'.repeat(10_000)}"}]},"jsonrpc":"2.0","id":12}`, { id: 12 }],
    ['a string id with escapes', '{"id":"a\\"b\\u00e9","result":{}}', { id: 'a"bé' }],
    ['"id" inside nested objects only', '{"result":{"id":5,"x":[{"id":6}]},"jsonrpc":"2.0"}', { id: undefined, why: 'it has no top-level "id"' }],
    ['"id" as a string value, not a key', '{"result":"id","x":"\\"id\\":3"}', { id: undefined, why: 'it has no top-level "id"' }],
    ['two ids: the last wins', '{"id":1,"result":{},"id":2}', { id: 2 }],
    ['an escaped key spelling', '{"\\u0069d":9}', { id: 9 }],
    [
      'a request from the server',
      '{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{}}',
      { id: undefined, why: 'it is a request or a notification (it has a "method")' },
    ],
    ['an id that is an object', '{"id":{"n":1},"result":{}}', { id: undefined, why: 'its "id" is not a number or a string of 256 characters or fewer' }],
    ['an id that is null', '{"id":null,"error":{}}', { id: undefined, why: 'its "id" is not a number or a string of 256 characters or fewer' }],
    [
      'an id string of 257 characters',
      `{"id":"${'a'.repeat(257)}"}`,
      { id: undefined, why: 'its "id" is not a number or a string of 256 characters or fewer' },
    ],
    ['an id string of 256 escaped characters', `{"id":"${'\\u0061'.repeat(256)}"}`, { id: 'a'.repeat(256) }],
    ['truncated', '{"id":3,"result":{"content":[', { id: undefined, why: 'it is not one complete JSON object' }],
    ['an array (a batch)', '[{"id":1,"result":{}}]', { id: undefined, why: 'it is not one complete JSON object' }],
    ['text after the object', '{"id":1} x', { id: undefined, why: 'it is not one complete JSON object' }],
    ['not JSON', 'hello', { id: undefined, why: 'it is not one complete JSON object' }],
    ['empty', '', { id: undefined, why: 'it is not one complete JSON object' }],
  ])('%s', (_, text, expected) => {
    expect(scan(text)).toEqual(expected);
  });

  it('reads a deep nesting and a long line in one pass, without a stack', () => {
    const deep = `{"result":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)},"id":4}`;
    expect(scan(deep)).toEqual({ id: 4 });
  });
});
