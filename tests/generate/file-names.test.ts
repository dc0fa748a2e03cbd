import { describe, expect, it } from 'vitest';
import { decodeFileName, encodeFileName, iriSegment, isValidSourceId } from '../../src/generate/file-names.js';

describe('file names', () => {
  it.each([
    ['read_file', 'read_file'],
    ['getPetById', 'getPetById'],
    ['a/b', 'a%2Fb'],
    ['..', '%2E%2E'],
    ['.hidden', '%2Ehidden'],
    ['trailing.', 'trailing%2E'],
    ['CON', '%43ON'],
    ['with space:colon*?', 'with%20space%3Acolon%2A%3F'],
    ['조회', '%EC%A1%B0%ED%9A%8C'],
    ['100%', '100%25'],
    ['', '%'],
    ['\u0000', '%00'],
    ['%', '%25'],
    ['\ud800', '%ED%A0%80'],
    ['a\udc00b', 'a%ED%B0%80b'],
    ['\udbff\udbff', '%ED%AF%BF%ED%AF%BF'],
    ['😀', '%F0%9F%98%80'],
    ['\ufffd', '%EF%BF%BD'],
  ])('%j ↔ %j', (name, file) => {
    expect(encodeFileName(name)).toBe(file);
    expect(decodeFileName(file)).toBe(name);
  });

  it.each([
    ['petstore', true],
    ['k8s_core-v1.2', true],
    ['', false],
    ['.hidden', false],
    ['a/b', false],
    ['..', false],
    ['x'.repeat(65), false],
  ])('source id %j valid: %s', (id, valid) => {
    expect(isValidSourceId(id)).toBe(valid);
  });

  it.each([
    ["a b/c(d)'!*", 'a%20b%2Fc%28d%29%27%21%2A'],
    ['조회', '%EC%A1%B0%ED%9A%8C'],
    ['a\ud800b', 'a%ED%A0%80b'],
    ['😀\udfff', '%F0%9F%98%80%ED%BF%BF'],
  ])('IRI segment of %j is %j (no reserved character; a lone surrogate does not throw)', (name, segment) => {
    expect(iriSegment(name)).toBe(segment);
  });

  it.each([
    ['%C0%80', '\ufffd\ufffd'],
    ['%ED%A0', '\ufffd\ufffd'],
    ['%FF', '\ufffd'],
    ['%F4%90%80%80', '\ufffd\ufffd\ufffd\ufffd'],
    ['a%2', 'a%2'],
  ])('a hand-made file name %j decodes to %j, never throws', (file, name) => {
    expect(decodeFileName(file)).toBe(name);
  });
});
