import { describe, expect, it } from 'vitest';
import { offsetOf, positionOf } from '../../src/util/text-position.js';

describe('positionOf', () => {
  it.each<[string, number, number, [number, number]]>([
    ['abc', 0, 1, [1, 1]],
    ['abc', 2, 1, [1, 3]],
    ['a\nbc', 2, 1, [2, 1]],
    ['a\nbc', 3, 1, [2, 2]],
    ['a\r\nbc', 3, 1, [2, 1]],
    ['a\rbc\rd', 5, 1, [3, 1]],
    ['a\n\nb', 3, 1, [3, 1]],
    // shifted by the line the text starts on in its file
    ['x\ny', 2, 10, [11, 1]],
    // an offset at the very end
    ['ab\n', 3, 1, [2, 1]],
  ])('%j at %i (first line %i) is %j', (text, offset, firstLine, [line, column]) => {
    expect(positionOf(text, offset, firstLine)).toEqual({ line, column });
  });
});

describe('offsetOf', () => {
  it.each<[string, number, number, number]>([
    ['abc', 1, 2, 2],
    ['a\nbc', 2, 1, 3],
    ['a\r\nbc', 2, 0, 3],
    // clamped to the text
    ['a\nbc', 9, 9, 4],
    ['abc', 0, -3, 0],
  ])('%j line %i column %i is offset %i', (text, line, column0, offset) => {
    expect(offsetOf(text, line, column0)).toBe(offset);
  });
});
