// Reads of a QuadStore over term ids for the search indexes: one scan of a subject's quads keeps
// the predicates of a `PredicateTable` (in a reused buffer, no allocation per read), no quad
// objects are built, and a term's text is decoded only when used (once, for flag-like values).
import { namedNode } from './named-node.js';
import type { IdPairs, QuadStore } from '../../rdf/quad-store.js';

/**
 * Predicates read together, in one scan per subject. Slot k is the k-th distinct IRI; after
 * `TermReader.collect`, the table holds that subject's (slot, object id) pairs in store order.
 */
export class PredicateTable {
  readonly #iris: string[];
  /** Predicate id -> slot, -1 for predicates not read (a table, not a map: looked up per quad). */
  readonly slots: Int32Array;
  slotOf = new Int32Array(16);
  objectOf = new Int32Array(16);
  length = 0;

  constructor(store: QuadStore, iris: readonly string[]) {
    this.#iris = [...new Set(iris)];
    const ids = this.#iris.map((iri) => store.termId(namedNode(iri)) ?? -1);
    this.slots = new Int32Array(Math.max(-1, ...ids) + 1).fill(-1);
    ids.forEach((id, k) => {
      if (id >= 0) this.slots[id] = k;
    });
  }

  /** The slot of an IRI. */
  at(iri: string): number {
    return this.#iris.indexOf(iri);
  }

  /** Whether any of the predicates is used by the store. */
  get empty(): boolean {
    return this.slots.length === 0;
  }

  push(slot: number, object: number): void {
    if (this.length === this.slotOf.length) {
      const slotOf = new Int32Array(this.length * 2);
      const objectOf = new Int32Array(this.length * 2);
      slotOf.set(this.slotOf);
      objectOf.set(this.objectOf);
      this.slotOf = slotOf;
      this.objectOf = objectOf;
    }
    this.slotOf[this.length] = slot;
    this.objectOf[this.length] = object;
    this.length += 1;
  }
}

export class TermReader {
  readonly #store: QuadStore;
  readonly #values = new Map<number, string | undefined>();
  #table: PredicateTable | undefined;
  readonly #visit = (predicate: number, object: number): void => {
    const table = this.#table!;
    const slot = predicate < table.slots.length ? (table.slots[predicate] as number) : -1;
    if (slot >= 0) table.push(slot, object);
  };

  constructor(store: QuadStore) {
    this.#store = store;
  }

  table(iris: readonly string[]): PredicateTable {
    return new PredicateTable(this.#store, iris);
  }

  /** One scan of `subject`'s quads, keeping those of the table's predicates. */
  collect(subject: number, table: PredicateTable): void {
    table.length = 0;
    this.#table = table;
    this.#store.forEachOfSubject(subject, this.#visit);
  }

  /** Object ids of slot k of the last `collect`, in store order. */
  objects(table: PredicateTable, k: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < table.length; i += 1) if (table.slotOf[i] === k) out.push(table.objectOf[i] as number);
    return out;
  }

  /** The id of the first literal of slot k. */
  firstLiteral(table: PredicateTable, k: number): number | undefined {
    for (let i = 0; i < table.length; i += 1) {
      if (table.slotOf[i] === k && this.#store.termAt(table.objectOf[i] as number)?.termType === 'Literal') return table.objectOf[i];
    }
    return undefined;
  }

  /** Appends the texts of the literals of slot k to `out`. */
  literals(table: PredicateTable, k: number, out: string[]): void {
    for (let i = 0; i < table.length; i += 1) {
      if (table.slotOf[i] !== k) continue;
      const term = this.#store.termAt(table.objectOf[i] as number);
      if (term?.termType === 'Literal') out.push(term.value);
    }
  }

  /** The value (IRI, label or literal text) of a term. */
  value(id: number | undefined): string | undefined {
    return id === undefined ? undefined : this.#store.termAt(id)?.value;
  }

  /** `value`, remembered: for terms read many times (`true`, `inferred`, a relation). */
  cachedValue(id: number | undefined): string | undefined {
    if (id === undefined) return undefined;
    if (this.#values.has(id)) return this.#values.get(id);
    const value = this.value(id);
    this.#values.set(id, value);
    return value;
  }

  isNamedNode(id: number): boolean {
    return this.#store.termAt(id)?.termType === 'NamedNode';
  }

  isLiteral(id: number): boolean {
    return this.#store.termAt(id)?.termType === 'Literal';
  }

  /** Subject and object ids of a predicate's quads, in store order. */
  pairs(predicate: string): IdPairs {
    return this.#store.pairs(namedNode(predicate));
  }
}

/**
 * Calls `visit(subject, objects)` for each subject of `pairs`, in order of first appearance, with
 * its objects in store order. Pairs usually come grouped (a subject's triples in one document):
 * then the objects are views of `pairs.objects`, and no map is built.
 */
export function bySubject({ subjects, objects }: IdPairs, visit: (subject: number, objects: ArrayLike<number>) => void): void {
  let max = -1;
  for (const s of subjects) if (s > max) max = s;
  const started = new Uint8Array(max + 1);
  let grouped = true;
  for (let i = 0; i < subjects.length && grouped; i += 1) {
    const s = subjects[i] as number;
    if (i > 0 && subjects[i - 1] === s) continue;
    grouped = started[s] === 0;
    started[s] = 1;
  }
  if (grouped) {
    for (let start = 0, end = 0; start < subjects.length; start = end) {
      while (end < subjects.length && subjects[end] === subjects[start]) end += 1;
      visit(subjects[start] as number, objects.subarray(start, end));
    }
    return;
  }
  const lists = new Map<number, number[]>();
  subjects.forEach((s, i) => {
    const list = lists.get(s);
    if (list === undefined) lists.set(s, [objects[i] as number]);
    else list.push(objects[i] as number);
  });
  for (const [s, list] of lists) visit(s, list);
}
