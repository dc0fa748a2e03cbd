import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../src/util/table.js';
import { TERMINAL_UNSAFE } from '../../src/util/terminal-text.js';

describe('renderTable', () => {
  it('aligns columns under a header rule, the last column unpadded', () => {
    expect(
      renderTable(
        ['a', 'bb'],
        [
          ['xyz', '1'],
          ['', '22'],
        ],
      ),
    ).toBe('a    bb\n---  --\nxyz  1\n     22\n');
  });

  it('shows control characters, line breaks and bidi overrides of cells as escapes', () => {
    const out = renderTable(['title'], [['\u001b]0;owned\u0007'], ['two\nlines'], ['\u202eabc']]);
    expect(out).toBe('title\n----------------\n\\x1b]0;owned\\x07\ntwo\\nlines\n\\u202eabc\n');
  });

  it('renders 200,000 rows (no argument-count limit on column widths)', () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => [String(i), 'x']);
    expect(renderTable(['n', 'v'], rows).split('\n')).toHaveLength(200_003);
  });

  it('property: one line per row and no unsafe character, whatever the cells hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(fc.string({ unit: 'binary' }), { maxLength: 5 }), { maxLength: 10 }),
        (headers, rows) => {
          const lines = renderTable(headers, rows).split('\n');
          expect(lines).toHaveLength(rows.length + 3);
          expect(lines.at(-1)).toBe('');
          for (const line of lines) expect(line).not.toMatch(TERMINAL_UNSAFE);
        },
      ),
      { numRuns: 500 },
    );
  });
});
