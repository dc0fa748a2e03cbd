// The short negatives of the calibration fits: a request cut to its object noun, as written.
import { describe, expect, it } from 'vitest';
import { shortForm } from '../../../benchmarks/fit/short-form.js';

describe('shortForm', () => {
  it.each([
    ['please archive the old invoices', 'invoices'],
    ['Rename the staging bucket to prod', 'bucket'],
    ['which planets have rings?', 'planets'],
    ['zip it', undefined],
    ['사진을 지워 줘', undefined],
  ])('%j -> %j', (request, expected) => {
    expect(shortForm(request)).toBe(expected);
  });
});
