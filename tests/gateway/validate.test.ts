// Row 1, 7, 8, 9 of issue 25: untrusted schemas. Their patterns run on a linear-time engine, names
// are own properties (`__proto__` too), and a schema that cannot be used is reported, never skipped.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkArguments, compileCount, linearRegExp, MAX_ARGUMENT_DEPTH, MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES } from '../../src/gateway/validate.js';
import '../helpers/fast-check-seed.js';

let n = 0;
const key = () => `test/tool-${++n}`;

describe('schema patterns run on the linear-time engine', () => {
  // Catastrophic for a backtracking engine: each would take minutes to years on these inputs.
  const table: [string, string, boolean][] = [
    ['^(a+)+$', `${'a'.repeat(5000)}!`, false],
    ['^(a|a)*$', `${'a'.repeat(5000)}!`, false],
    ['^(a|aa)+$', `${'a'.repeat(5000)}b`, false],
    ['^(.*a){20}$', 'a'.repeat(5000), true],
    ['^(.*a){20}$', `${'a'.repeat(19)}${'b'.repeat(5000)}`, false],
    ['^(\\w+\\s?)*$', `${'word '.repeat(2000)}!`, false],
    ['^([a-zA-Z0-9]+)*@x$', `${'a'.repeat(5000)}!`, false],
    ['(x+x+)+y', 'x'.repeat(5000), false],
  ];
  it.each(table)('pattern %s', (pattern, input, valid) => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern } }, required: ['s'] };
    expect(checkArguments(key(), schema, { s: input })).toEqual({ problems: valid ? [] : [`arguments/s must match pattern "${pattern}"`] });
  });
  it.each(table)('patternProperties and propertyNames %s', (pattern, input, valid) => {
    const schema = { type: 'object', propertyNames: { pattern }, patternProperties: { [pattern]: { type: 'number' } } };
    const result = checkArguments(key(), schema, { [input]: 'x' });
    expect(result).toEqual({
      problems: valid ? [`arguments/${input} must be number`] : [`arguments must match pattern "${pattern}"`, 'arguments property name must be valid'],
    });
  });
  it('the engine ajv compiles with is RE2JS (not RegExp)', () => {
    const rx = linearRegExp('^(a+)+$', 'u');
    expect(rx).not.toBeInstanceOf(RegExp);
    expect(rx.toString()).toBe('re2js:^(a+)+$');
    expect(linearRegExp.code).toBe('linearRegExp');
  });
  it.each([
    ['(a)\\1', 'backreference'],
    ['(?=a)a', 'lookahead'],
    ['(?!a)b', 'negative lookahead'],
  ])('a pattern the engine cannot compile (%s, %s) makes the schema unusable', (pattern) => {
    const result = checkArguments(key(), { type: 'object', properties: { s: { type: 'string', pattern } } }, { s: 'a' });
    expect(result).toMatchObject({ unusable: expect.stringMatching(/^the input schema cannot be used: .+/) });
  });
});

describe('schemas that cannot be used are reported (rows 8, 9)', () => {
  const deep = (levels: number): unknown => {
    let s: unknown = { type: 'string' };
    for (let i = 0; i < levels; i++) s = { type: 'object', properties: { x: s } };
    return s;
  };
  const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: MAX_SCHEMA_NODES }, (_, i) => [`p${i}`, { type: 'string' }])) };
  it.each<[string, unknown, RegExp]>([
    ['recursive $ref to the root', { type: 'object', $ref: '#' }, /\$ref recursion never ends/],
    ['recursive allOf', { type: 'object', allOf: [{ $ref: '#' }] }, /\$ref recursion never ends/],
    ['a $ref to nowhere', { type: 'object', properties: { a: { $ref: '#/definitions/none' } } }, /can't resolve reference/],
    ['an unknown type', { type: 'thing' }, /schema is invalid: data\/type must be equal to one of the allowed values/],
    ['not an object', 'string', /not a JSON object/],
    ['an array', [], /not a JSON object/],
    ['too deep', deep(MAX_SCHEMA_DEPTH / 2), new RegExp(`deeper than ${MAX_SCHEMA_DEPTH} levels`)],
    ['too many nodes', wide, new RegExp(`more than ${MAX_SCHEMA_NODES} objects`)],
  ])('%s', (_name, schema, reason) => {
    const k = key();
    const first = checkArguments(k, schema, {});
    expect(first).toMatchObject({ unusable: expect.stringMatching(reason) });
    // Stays unusable on the next call (never runs unchecked), without throwing.
    expect(checkArguments(k, schema, { a: 1 })).toEqual(first);
  });
  it('a schema just inside the bounds is usable', () => {
    expect(checkArguments(key(), deep(MAX_SCHEMA_DEPTH / 2 - 1), {})).toEqual({ problems: [] });
  });
  it('arguments nested too deep are refused for that call; a recursive tree schema stays usable', () => {
    const k = key();
    const tree = { type: 'object', properties: { child: { $ref: '#' }, name: { type: 'string' } } };
    const nested = (levels: number): unknown => {
      let v: Record<string, unknown> = { name: 'leaf' };
      for (let i = 1; i < levels; i++) v = { child: v };
      return v;
    };
    expect(checkArguments(k, tree, nested(100_000))).toEqual({ problems: [`arguments nest deeper than ${MAX_ARGUMENT_DEPTH} levels`] });
    expect(checkArguments(k, tree, nested(MAX_ARGUMENT_DEPTH))).toEqual({ problems: [] });
    expect(checkArguments(k, tree, { child: { name: 5 } })).toEqual({ problems: ['arguments/child/name must be string'] });
  });
  it('a relisted tool with a new schema is compiled again', () => {
    const k = key();
    expect(checkArguments(k, { type: 'object', $ref: '#' }, {})).toHaveProperty('unusable');
    expect(checkArguments(k, { type: 'object' }, {})).toEqual({ problems: [] });
  });
});

describe('argument names are own properties (row 7)', () => {
  const special = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
  it.each(special)('a required %s is enforced', (name) => {
    const schema = JSON.parse(`{"type":"object","properties":{"${name}":{"type":"string"}},"required":["${name}"]}`) as unknown;
    expect(checkArguments(key(), schema, JSON.parse('{}'))).toEqual({ problems: [`arguments must have required property '${name}'`] });
    expect(checkArguments(key(), schema, JSON.parse(`{"${name}":"v"}`))).toEqual({ problems: [] });
    expect(checkArguments(key(), schema, JSON.parse(`{"${name}":5}`))).toEqual({ problems: [`arguments/${name} must be string`] });
  });
  it('any object keys: required keys are enforced and the value is unchanged by checking', () => {
    const name = fc.oneof(fc.constantFrom(...special), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 5 }), (names, drop) => {
        const schema = {
          type: 'object',
          properties: Object.fromEntries(names.map((x) => [x, { type: 'integer' }])),
          required: names,
          additionalProperties: false,
        };
        const present = names.filter((_, i) => i !== drop);
        const text = JSON.stringify(Object.fromEntries(present.map((x, i) => [x, i])));
        const value = JSON.parse(text) as Record<string, unknown>;
        const result = checkArguments(key(), schema, value);
        const missing = names.filter((x) => !present.includes(x)).map((x) => `arguments must have required property '${x}'`);
        expect(result).toEqual({ problems: missing });
        expect(JSON.stringify(value)).toBe(text);
        expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      }),
    );
  });
});

describe('a relisted schema is compiled again only when it changed', () => {
  it('reuses the check of an equal schema in a new object, and compiles a changed one', () => {
    const schema = (max: number): unknown => ({ type: 'object', properties: { n: { type: 'integer', maximum: max } }, required: ['n'] });
    const before = compileCount.value;
    expect(checkArguments('relist/t', schema(5), { n: 9 })).toEqual({ problems: ['arguments/n must be <= 5'] });
    for (let i = 0; i < 50; i += 1) expect(checkArguments('relist/t', schema(5), { n: 1 })).toEqual({ problems: [] });
    expect(compileCount.value - before).toBe(1);
    expect(checkArguments('relist/t', schema(10), { n: 9 })).toEqual({ problems: [] });
    expect(compileCount.value - before).toBe(2);
  });
});
