/**
 * A read index over a flat quad table, built in linear time by counting sort: for each of subject,
 * predicate and object, `offsets[id]..offsets[id + 1]` is the range in `order` of the quads
 * (positions in `quads`, 4 ids each: s, p, o, g) that have term `id` in that position. A position
 * is sorted the first time a read needs it (`position`), so a store read only by subject and
 * predicate never pays for the object position.
 */
export interface QuadIndex {
  quads: Uint32Array;
  count: number;
  termCount: number;
  by: [Position | undefined, Position | undefined, Position | undefined];
}

export interface Position {
  offsets: Uint32Array;
  order: Uint32Array;
}

export type Slot = 0 | 1 | 2;

function sort(quads: Uint32Array, count: number, termCount: number, slot: number): Position {
  const offsets = new Uint32Array(termCount + 1);
  for (let q = 0; q < count; q += 1) {
    const at = (quads[q * 4 + slot] as number) + 1;
    offsets[at] = (offsets[at] as number) + 1;
  }
  for (let t = 0; t < termCount; t += 1) offsets[t + 1] = (offsets[t + 1] as number) + (offsets[t] as number);
  const next = offsets.slice(0, termCount);
  const order = new Uint32Array(count);
  for (let q = 0; q < count; q += 1) {
    const term = quads[q * 4 + slot] as number;
    const at = next[term] as number;
    order[at] = q;
    next[term] = at + 1;
  }
  return { offsets, order };
}

/** The position of a slot (0 subject, 1 predicate, 2 object), sorted on first use. */
export function position(index: QuadIndex, slot: Slot): Position {
  let by = index.by[slot];
  if (by === undefined) index.by[slot] = by = sort(index.quads, index.count, index.termCount, slot);
  return by;
}

/** Builds the quad table over `graphs` (graph id → flat s,p,o ids) for `termCount` interned terms. */
export function buildIndex(graphs: ReadonlyMap<number, ArrayLike<number>>, size: number, termCount: number): QuadIndex {
  const quads = new Uint32Array(size * 4);
  let q = 0;
  for (const [g, triples] of graphs) {
    for (let i = 0; i < triples.length; i += 3) {
      quads[q] = triples[i] as number;
      quads[q + 1] = triples[i + 1] as number;
      quads[q + 2] = triples[i + 2] as number;
      quads[q + 3] = g;
      q += 4;
    }
  }
  return { quads, count: q / 4, termCount, by: [undefined, undefined, undefined] };
}

/** Candidate quad positions for a pattern of ids (undefined = wildcard): the narrowest bound range. */
export function candidates(
  index: QuadIndex,
  pattern: readonly [number | undefined, number | undefined, number | undefined],
): { order: Uint32Array | undefined; start: number; end: number } {
  let best: { order: Uint32Array | undefined; start: number; end: number } = { order: undefined, start: 0, end: index.count };
  for (let slot = 0; slot < 3; slot += 1) {
    const id = pattern[slot];
    if (id === undefined) continue;
    const { offsets, order } = position(index, slot as Slot);
    const start = offsets[id] ?? 0;
    const end = offsets[id + 1] ?? start;
    if (end - start < best.end - best.start || best.order === undefined) best = { order, start, end };
  }
  return best;
}
