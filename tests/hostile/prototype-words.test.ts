// Word-level functions over arbitrary text, prototype names included: never throw, always strings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalWord } from '../../src/ingest/dependencies/terms.js';
import { toolVerb } from '../../src/lexicon/verbs.js';
import { singularize, splitIdentifier, verbForms } from '../../src/lexicon/words.js';
import { parseSparql } from '../../src/sparql/parse.js';
import { DEFAULT_PREFIXES } from '../../src/rdf/namespaces.js';
import { expandId } from '../../src/rdf/document-checks.js';
import { classifyIntent } from '../../src/search/request/intent.js';
import { tokenize } from '../../src/search/text/tokenize.js';
import { dict, own, setOwn } from '../../src/util/own.js';

const PROTO = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype'])];
const word = fc.oneof(fc.constantFrom(...PROTO), fc.string(), fc.string({ unit: 'grapheme' }));
const text = fc.array(word, { maxLength: 8 }).map((ws) => ws.join(' '));

describe('word functions over prototype names and arbitrary text', () => {
  it.each(PROTO)('%s is an ordinary word', (name) => {
    expect(singularize(name)).toBe(name.toLowerCase().endsWith('s') ? singularize(name) : name.toLowerCase());
    expect(typeof canonicalWord(name)).toBe('string');
    expect(verbForms(name)[0]).toBe(name.toLowerCase());
    expect(tokenize(`${name} ${name}`).every((t) => typeof t.term === 'string')).toBe(true);
    // A name that can be a prefix stays a compact IRI (no such prefix); `__x` is a relative IRI.
    expect(expandId(`${name}:x`, DEFAULT_PREFIXES, 'https://example.org/')).toBe(/^[A-Za-z]/.test(name) ? `${name}:x` : `https://example.org/${name}:x`);
    expect(own(DEFAULT_PREFIXES, name)).toBeUndefined();
  });

  it('never throw and return strings (property)', () => {
    fc.assert(
      fc.property(text, (t) => {
        for (const w of splitIdentifier(t)) {
          expect(typeof singularize(w)).toBe('string');
          expect(typeof canonicalWord(w)).toBe('string');
          expect(verbForms(w).every((f) => typeof f === 'string')).toBe(true);
        }
        expect(tokenize(t).every((tok) => typeof tok.term === 'string')).toBe(true);
        expect(['read', 'write', 'delete', 'neutral']).toContain(classifyIntent(t).intent);
        toolVerb(t.replace(/\s+/g, '_'), t);
      }),
      { numRuns: 300 },
    );
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty'])('SPARQL prefix %s: is unknown unless declared', (name) => {
    expect(() => parseSparql(`SELECT * WHERE { ?s ${name}:x ?o }`, DEFAULT_PREFIXES)).toThrow(
      expect.objectContaining({ code: 'MDKG_SPARQL_SYNTAX', message: expect.stringContaining(`Unknown prefix "${name}:"`) }),
    );
    const ast = parseSparql(`PREFIX ${name}: <http://x/> SELECT * WHERE { ?s ${name}:x ?o }`, DEFAULT_PREFIXES);
    expect(JSON.stringify(ast)).toContain('"http://x/x"');
  });

  it('dict, own and setOwn keep input keys off the prototype', () => {
    const table = dict({ a: 1 });
    expect(PROTO.map((k) => table[k])).toEqual(PROTO.map(() => undefined));
    expect(own({ a: 1 }, 'constructor')).toBeUndefined();
    const record: Record<string, number> = {};
    setOwn(record, '__proto__', 5);
    expect([Object.keys(record), Object.getPrototypeOf(record) === Object.prototype, JSON.stringify(record)]).toEqual([['__proto__'], true, '{"__proto__":5}']);
  });
});
