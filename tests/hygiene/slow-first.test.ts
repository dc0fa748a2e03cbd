import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_FIRST } from '../helpers/slow-first-sequencer.js';

describe('the slow-first sequencer', () => {
  it.each(SLOW_FIRST)('names a test file that exists: %s', (file) => {
    expect(existsSync(join(import.meta.dirname, '..', '..', file))).toBe(true);
  });
});
