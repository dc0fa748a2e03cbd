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
    ['', '%00'],
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

  it('keeps IRI segments free of reserved characters', () => {
    expect(iriSegment("a b/c(d)'!*")).toBe('a%20b%2Fc%28d%29%27%21%2A');
  });
});
