import { describe, expect, it } from 'vitest';
import { MAX_SERVER_INSTRUCTIONS, MAX_SERVER_LABEL, serverWords } from '../../../src/ingest/mcp/server-words.js';

describe('serverWords: what initialize says about the server', () => {
  it.each([
    ['nothing', undefined, undefined, undefined],
    ['no strings', { name: 3, version: null }, 7, undefined],
    ['name and version', { name: 'memory-server', version: '0.6.3' }, undefined, { name: 'memory-server', version: '0.6.3' }],
    [
      'a title on one line',
      { name: 'x', title: ' Every\n  thing\tServer ', version: '2' },
      undefined,
      { name: 'x', title: 'Every thing Server', version: '2' },
    ],
    ['blank strings dropped', { name: '  ', title: '' }, ' \n ', undefined],
    ['instructions keep lines, drop controls', { name: 'x' }, '# Use\r\n\r\n- one\u0000\u0007 two\n', { name: 'x', instructions: '# Use\n\n- one two' }],
  ])('%s', (_what, info, instructions, expected) => {
    expect(serverWords(info, instructions)).toEqual(expected);
  });

  it('bounds a long name and long instructions', () => {
    const words = serverWords({ name: 'n'.repeat(MAX_SERVER_LABEL + 5) }, 'i'.repeat(MAX_SERVER_INSTRUCTIONS + 10));
    expect([words?.name?.length, words?.instructions?.length]).toEqual([MAX_SERVER_LABEL, MAX_SERVER_INSTRUCTIONS]);
  });
});
