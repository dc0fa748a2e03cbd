import { readFileSync } from 'node:fs';
import { Parser } from 'n3';
import { describe, expect, it } from 'vitest';
import { defaultContext, schemaPath } from '../../src/rdf/context.js';
import { MDKG } from '../../src/rdf/namespaces.js';

/** Every mdkg: IRI a context term maps to, scoped contexts included. */
function mappedTerms(context: Record<string, unknown>, out = new Set<string>()): Set<string> {
  for (const value of Object.values(context)) {
    const id = typeof value === 'string' ? value : typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['@id'] : undefined;
    if (typeof id === 'string' && id.startsWith('mdkg:')) out.add(MDKG + id.slice(5));
    const scoped = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['@context'] : undefined;
    if (typeof scoped === 'object' && scoped !== null) mappedTerms(scoped as Record<string, unknown>, out);
  }
  return out;
}

describe('schemas/vocab.ttl', () => {
  it('declares, with a label and a comment, every mdkg term the default context maps to', () => {
    const quads = new Parser().parse(readFileSync(schemaPath('vocab.ttl'), 'utf8'));
    const described = (p: string) =>
      new Set(quads.filter((q) => q.predicate.value === `http://www.w3.org/2000/01/rdf-schema#${p}`).map((q) => q.subject.value));
    const labelled = described('label');
    const commented = described('comment');
    const missing = [...mappedTerms(defaultContext()['@context'] as Record<string, unknown>)].filter((iri) => !labelled.has(iri) || !commented.has(iri));
    expect(missing).toEqual([]);
  });
});
