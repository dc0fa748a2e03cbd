/** The quads of a store: term codes (`N<iri>`, `D` for the default graph, …) and g,s,p,o ids into them. */
export interface StoreSnapshot {
  terms: string[];
  ids: Uint32Array;
}

/** Term ids (see `QuadStore.termAt`) of the subject and object of matching quads, pair by pair. */
export interface IdPairs {
  subjects: Uint32Array;
  objects: Uint32Array;
}
