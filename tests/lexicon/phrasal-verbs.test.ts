import { describe, expect, it } from 'vitest';
import { verbsOfWords } from '../../src/lexicon/phrasal-verbs.js';

const verbs = (text: string, phrasal = true): string[] => verbsOfWords(text.split(' '), phrasal).map((v) => `${v.index}:${v.match.verb}:${v.match.verbClass}`);

describe('verbsOfWords', () => {
  it.each<[string, string[]]>([
    // a phrasal verb is one verb of its own class; its particle is no verb (`new` is a listed
    // verb: intent.ts, not this function, reads it as an adjective in requests)
    ['set up a new repo', ['0:set up:create', '3:new:create']],
    ['setting up a cluster', ['0:set up:create']],
    ['get rid of stale branches', ['0:get rid of:delete']],
    ['throw away the draft and write another', ['0:throw away:delete', '5:write:update']],
    ['turn off notifications', ['0:turn off:update']],
    // the head alone keeps its class; a separated particle is not read
    ['set the title', ['0:set:update']],
    ['set it up', ['0:set:update']],
    ['get the logs', ['0:get:read']],
    // no verb at all
    ['the folder of logs', []],
    ['', []],
  ])('%s', (text, expected) => {
    expect(verbs(text)).toEqual(expected);
  });

  it('reads single words only when phrasal verbs are off (the ablation switch)', () => {
    expect(verbs('set up a repo', false)).toEqual(['0:set:update']);
  });
});
