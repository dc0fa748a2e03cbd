// A client whose last query ran out of time gets no full-speed start for its next queries, for a
// minute or until one answers in time; other clients are not touched (client-history.ts). Clock injected.
import { describe, expect, it } from 'vitest';
import { ClientHistory, DEMOTED_MS } from '../../src/sparql/client-history.js';
import { GRACE_MS } from '../../src/sparql/long-query-share.js';

type Event = ['timeout' | 'answer', string, number];

describe('client history', () => {
  it.each<[string, Event[], string, number, number]>([
    ['a new client', [], 'a', 0, GRACE_MS],
    ['no client named', [['timeout', 'a', 0]], '-', 1, GRACE_MS],
    ['right after its timeout', [['timeout', 'a', 0]], 'a', 1, 0],
    ['another client than the one that timed out', [['timeout', 'a', 0]], 'b', 1, GRACE_MS],
    ['just before the minute is over', [['timeout', 'a', 0]], 'a', DEMOTED_MS - 1, 0],
    ['once the minute is over', [['timeout', 'a', 0]], 'a', DEMOTED_MS, GRACE_MS],
    [
      'after an answer in time',
      [
        ['timeout', 'a', 0],
        ['answer', 'a', 5],
      ],
      'a',
      6,
      GRACE_MS,
    ],
    [
      'a later timeout starts the minute again',
      [
        ['timeout', 'a', 0],
        ['timeout', 'a', DEMOTED_MS - 1],
      ],
      'a',
      DEMOTED_MS + 10,
      0,
    ],
  ])('%s', (_name, events, asker, at, grace) => {
    const clients = new Map([
      ['a', {}],
      ['b', {}],
    ]);
    const history = new ClientHistory();
    for (const [kind, who, when] of events) history.note(clients.get(who), kind === 'timeout', when);
    expect(history.graceFor(clients.get(asker), at)).toBe(grace);
  });
});
