import { describe, expect, it } from 'vitest';
import { alignment, annotationClass } from '../../../src/search/rank/alignment.js';

describe('annotation alignment (DESIGN.md table)', () => {
  it.each([
    [{ readOnlyHint: true }, 'readOnly', 1.0, 0.0, 0.0],
    [{ readOnlyHint: false }, 'notReadOnly', 0.3, 1.0, 0.1],
    [{ readOnlyHint: false, destructiveHint: true }, 'destructive', 0.0, 0.3, 1.0],
    [{ readOnlyHint: false, destructiveHint: false }, 'write', 0.3, 1.0, 0.1],
    [{ destructiveHint: false }, 'write', 0.3, 1.0, 0.1],
    [{ destructiveHint: true }, 'destructive', 0.0, 0.3, 1.0],
    [{ readOnlyHint: true, destructiveHint: true }, 'readOnly', 1.0, 0.0, 0.0],
  ] as const)('%j is %s', (annotations, cls, read, write, del) => {
    expect(annotationClass(annotations)).toBe(cls);
    expect(alignment('read', annotations)).toBe(read);
    expect(alignment('write', annotations)).toBe(write);
    expect(alignment('delete', annotations)).toBe(del);
  });

  it('does not apply to neutral intent or tools without annotations', () => {
    expect(alignment('neutral', { readOnlyHint: true })).toBeUndefined();
    expect(alignment('read', {})).toBeUndefined();
    expect(alignment('delete', { idempotentHint: true, openWorldHint: false })).toBeUndefined();
  });
});
