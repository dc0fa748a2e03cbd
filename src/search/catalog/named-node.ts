// A named node for store lookups, without loading the n3 library (the warm search path reads a
// persisted index and must stay light; the store encodes terms from termType and value only).
import type { NamedNode } from '@rdfjs/types';

export function namedNode<I extends string = string>(value: I): NamedNode<I> {
  return {
    termType: 'NamedNode',
    value,
    equals: (other) => other !== null && other !== undefined && other.termType === 'NamedNode' && other.value === value,
  };
}
