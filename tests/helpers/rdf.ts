import canonize from 'rdf-canonize';
import type { Quad } from '@rdfjs/types';

/** Canonical N-Quads (RDFC-1.0) of a dataset: equal strings mean isomorphic graphs. */
export async function canonical(quads: readonly Quad[]): Promise<string> {
  return await (canonize as unknown as { canonize(q: readonly Quad[], o: { algorithm: string }): Promise<string> }).canonize(quads, { algorithm: 'RDFC-1.0' });
}

/** `s p o g` lines with full IRIs, sorted: for exact assertions on small graphs. */
export function lines(quads: readonly Quad[]): string[] {
  const term = (t: Quad['object']): string => (t.termType === 'Literal' ? JSON.stringify(t.value) : t.termType === 'BlankNode' ? `_:${t.value}` : t.value);
  return quads.map((q) => `${term(q.subject)} ${q.predicate.value} ${term(q.object)}${q.graph.termType === 'DefaultGraph' ? '' : ` ${q.graph.value}`}`).sort();
}
