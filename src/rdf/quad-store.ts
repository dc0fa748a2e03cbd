// Over 300 lines: one class whose private state (term table, graphs, key sets, lazy index) every method reads; split, that state would have to be exposed.
import { Readable } from 'node:stream';
import { DataFactory } from 'n3';
import type { Quad, Source, Term } from '@rdfjs/types';
import { buildIndex, candidates, position, type QuadIndex } from './quad-index.js';
import type { IdPairs, StoreSnapshot } from './store-types.js';
import { canonicalCode, type CodeList, decodeTerm, encodeTerm, type SharedQuads, type StoredQuads } from './term-codec.js';

export type { IdPairs, StoreSnapshot } from './store-types.js';

type Pattern = Term | null | undefined;
const DEFAULT_GRAPH_KEY = 'D';
/** Graphs up to this many triples are checked for duplicates by a scan; larger ones keep a key set. */
const SCAN_LIMIT = 192;
const NO_IDS = new Uint32Array(0);

function keyOf(term: Term): string {
  return term.termType === 'DefaultGraph' ? DEFAULT_GRAPH_KEY : encodeTerm(term);
}

const termOf = (code: string): Term => (code === DEFAULT_GRAPH_KEY ? DataFactory.defaultGraph() : decodeTerm(code));
/** The key a term code is interned under: the code itself when it is its term's canonical key. */
const keyOfCode = (code: string): string => (code === DEFAULT_GRAPH_KEY || canonicalCode(code) ? code : keyOf(decodeTerm(code)));

/** A graph's triples: a typed array as loaded from encoded quads, a plain array once written to. */
type Triples = number[] | Uint32Array;

/**
 * A compact in-memory quad store made for many small named graphs (one per document). Terms are
 * interned once by their code (term-codec) and built as term objects only when read (`termAt`); each
 * graph is a flat array of term ids (a Uint32Array until it is written to); a read index (counting
 * sort, three positions, each sorted on first use) is rebuilt lazily after writes. Implements the RDF/JS Source
 * interface (`match`, `countQuads`) that Comunica queries, and the n3 Store methods mdkg uses. The
 * id-level reads (`termId`, `termAt`, `pairs`, `forEachOfSubject`) serve the search indexes.
 */
export class QuadStore implements Source {
  /** Term code -> id, for the codes before #indexed (see #idMap). */
  readonly #ids = new Map<string, number>();
  /** Each term's code (its key in #ids), by id; a hole is a code of #lazy not decoded yet (see #code). */
  #codes: string[] = [];
  /** An adopted table that decodes codes on demand: #codes holds each once asked for. */
  #lazy: CodeList | undefined;
  /** Codes from this id on are not in #ids yet: an adopted table is indexed on the first lookup. */
  #indexed = 0;
  /** Term objects, decoded from #codes on first read. */
  #terms: (Term | undefined)[] = [];
  /** The table adopted as the first term ids (see adoptTable), until a duplicate in it is found. */
  #adopted: CodeList | undefined;
  readonly #graphs = new Map<number, Triples>();
  readonly #keys = new Map<number, Set<string>>();
  #size = 0;
  #version = 0;
  #index: QuadIndex | undefined;
  /** Store ids of the terms of shared term tables, by table (see addEncoded). */
  #tables = new WeakMap<CodeList, Int32Array>();

  get size(): number {
    return this.#size;
  }

  /** Changes on every write: a copy taken at one version is current while it stays the same. */
  get version(): number {
    return this.#version;
  }

  /** Every quad as term codes (see term-codec) and g,s,p,o ids into them: one cheap copy to send. */
  snapshot(): StoreSnapshot {
    const ids = new Uint32Array(this.#size * 4);
    let at = 0;
    for (const [g, triples] of this.#graphs) {
      for (let i = 0; i < triples.length; i += 3) {
        ids[at++] = g;
        ids[at++] = triples[i] as number;
        ids[at++] = triples[i + 1] as number;
        ids[at++] = triples[i + 2] as number;
      }
    }
    this.#decodeAll();
    return { terms: [...this.#codes], ids };
  }

  /** A store holding the quads of a snapshot. */
  static fromSnapshot(snapshot: StoreSnapshot): QuadStore {
    const store = new QuadStore();
    const local = snapshot.terms.map((code) => store.#internCode(code));
    const { ids } = snapshot;
    for (let i = 0; i + 3 < ids.length; i += 4) {
      store.#insert(
        local[ids[i] as number] as number,
        local[ids[i + 1] as number] as number,
        local[ids[i + 2] as number] as number,
        local[ids[i + 3] as number] as number,
      );
    }
    return store;
  }

  #intern(term: Term): number {
    return this.#internKey(keyOf(term), term);
  }

  /** Interns a term by its code without building the term (a code that is not canonical is decoded once). */
  #internCode(code: string): number {
    return this.#internKey(keyOfCode(code), undefined);
  }

  /** The id of a canonical term code, added (with the term, when built) if new. */
  #internKey(key: string, term: Term | undefined): number {
    const ids = this.#idMap();
    let id = ids.get(key);
    if (id === undefined) {
      id = this.#codes.length;
      this.#codes.push(key);
      this.#terms.push(term);
      ids.set(key, id);
      this.#indexed += 1;
    }
    return id;
  }

  /**
   * Takes a shared term table (the parse cache's) as the store's first term ids, as it is: no term
   * is decoded or looked up until a read or write needs it (#idMap). Only into an empty store.
   * Returns false (and does nothing) otherwise.
   */
  adoptTable(table: CodeList): boolean {
    if (this.#codes.length > 0 || this.#tables.has(table)) return false;
    // An array is copied; a table that decodes on demand is kept, its codes read when first needed.
    this.#codes = Array.isArray(table) ? (table as string[]).slice() : new Array<string>(table.length);
    this.#lazy = Array.isArray(table) ? undefined : table;
    this.#terms = new Array<Term | undefined>(table.length);
    this.#indexed = 0;
    this.#adopted = table;
    const identity = new Int32Array(table.length);
    for (let i = 0; i < identity.length; i += 1) identity[i] = i;
    this.#tables.set(table, identity);
    return true;
  }

  /**
   * Code -> id for every term, the codes of an adopted table indexed now. A code there that is not
   * its term's canonical key is replaced by it; a term found twice keeps its first id and every
   * triple is rewritten to use it (only a hand-made table has either).
   */
  #idMap(): Map<string, number> {
    if (this.#indexed === this.#codes.length) return this.#ids;
    this.#decodeAll();
    const ids = this.#ids;
    let twice: Int32Array | undefined;
    for (let i = this.#indexed; i < this.#codes.length; i += 1) {
      let code = this.#code(i) as string;
      if (code !== DEFAULT_GRAPH_KEY && !canonicalCode(code)) {
        code = keyOf(decodeTerm(code));
        this.#codes[i] = code;
        this.#terms[i] = undefined;
      }
      const first = ids.get(code);
      if (first === undefined) ids.set(code, i);
      else {
        twice ??= Int32Array.from(this.#codes, (_, at) => at);
        twice[i] = first;
      }
    }
    this.#indexed = this.#codes.length;
    if (twice !== undefined) this.#renumber(twice);
    return ids;
  }

  /** Rewrites every triple through `to` (old id -> id), merging graphs and dropping duplicates. */
  #renumber(to: Int32Array): void {
    const old = [...this.#graphs];
    this.#graphs.clear();
    this.#keys.clear();
    this.#tables = new WeakMap();
    this.#adopted = undefined;
    this.#size = 0;
    const id = (n: number): number => to[n] ?? n;
    for (const [g, triples] of old) {
      for (let i = 0; i < triples.length; i += 3) this.#insert(id(g), id(triples[i] as number), id(triples[i + 1] as number), id(triples[i + 2] as number));
    }
    this.#version += 1;
    this.#index = undefined;
  }

  /** Every code of a table that decodes on demand, read now (at once when it can): for a full index or copy. */
  #decodeAll(): void {
    const lazy = this.#lazy;
    if (lazy === undefined) return;
    this.#lazy = undefined;
    const all = lazy.decodeAll?.();
    for (let id = 0; id < lazy.length; id += 1) this.#codes[id] ??= all === undefined ? (lazy.at(id) as string) : (all[id] as string);
  }

  /** The code of term `id`; a code of an adopted table that decodes on demand is read now, once. */
  #code(id: number): string | undefined {
    const code = this.#codes[id];
    if (code !== undefined || this.#lazy === undefined || id >= this.#lazy.length || id < 0) return code;
    const read = this.#lazy.at(id);
    if (read !== undefined) this.#codes[id] = read;
    return read;
  }

  /** The term with id `id`, decoded from its code on first use. */
  #term(id: number): Term | undefined {
    let term = this.#terms[id];
    if (term === undefined) {
      const code = this.#code(id);
      if (code === undefined) return undefined;
      this.#terms[id] = term = termOf(code);
    }
    return term;
  }

  /** A graph's triples as a plain array, to write to (a loaded Uint32Array is copied once). */
  #writable(g: number): number[] {
    const triples = this.#graphs.get(g);
    if (Array.isArray(triples)) return triples;
    const array = triples === undefined ? [] : Array.from(triples);
    this.#graphs.set(g, array);
    return array;
  }

  #lookup(term: Pattern): number | undefined | null {
    if (term === null || term === undefined || term.termType === 'Variable') return undefined;
    return this.#idMap().get(keyOf(term)) ?? null;
  }

  #insert(g: number, s: number, p: number, o: number): boolean {
    const triples = this.#writable(g);
    let keys = this.#keys.get(g);
    if (keys === undefined && triples.length >= SCAN_LIMIT * 3) {
      keys = new Set();
      for (let i = 0; i < triples.length; i += 3) keys.add(`${triples[i]} ${triples[i + 1]} ${triples[i + 2]}`);
      this.#keys.set(g, keys);
    }
    if (keys !== undefined) {
      const key = `${s} ${p} ${o}`;
      if (keys.has(key)) return false;
      keys.add(key);
    } else {
      for (let i = 0; i < triples.length; i += 3) if (triples[i] === s && triples[i + 1] === p && triples[i + 2] === o) return false;
    }
    triples.push(s, p, o);
    this.#size += 1;
    this.#version += 1;
    this.#index = undefined;
    return true;
  }

  addQuad(quad: Quad): boolean {
    return this.#insert(this.#intern(quad.graph), this.#intern(quad.subject), this.#intern(quad.predicate), this.#intern(quad.object));
  }

  addQuads(quads: Iterable<Quad>): void {
    for (const quad of quads) this.addQuad(quad);
  }

  /** Adds a document's encoded quads (see term-codec) to `graph` without building quad objects. */
  addEncoded(graph: Term, encoded: StoredQuads): void {
    if ('table' in encoded) {
      this.#addShared(graph, encoded);
      return;
    }
    const g = this.#intern(graph);
    // A code that is not the canonical key of its term (only a hand-made table has one) is
    // interned under the canonical key, so one term never gets two ids.
    const local = encoded.terms.map((code) => this.#internCode(code));
    const { spo } = encoded;
    if (spo.length % 3 !== 0) throw new TypeError('bad quad table length');
    // Into a graph of its own (a document's, the usual case), duplicates can only come from the
    // table itself: one numeric key per triple of local ids, no scan of what is already there.
    const fresh = (this.#graphs.get(g)?.length ?? 0) === 0 && local.length < 200_000;
    const seen = new Set<number>();
    const n = local.length;
    // Fresh: into a graph of its own, one typed array of store ids, duplicates of the table dropped.
    const triples = fresh ? new Uint32Array(spo.length) : undefined;
    let at = 0;
    for (let i = 0; i < spo.length; i += 3) {
      const ls = spo[i] as number;
      const lp = spo[i + 1] as number;
      const lo = spo[i + 2] as number;
      const s = local[ls];
      const p = local[lp];
      const o = local[lo];
      if (s === undefined || p === undefined || o === undefined) throw new TypeError('bad quad index');
      if (triples === undefined) {
        this.#insert(g, s, p, o);
        continue;
      }
      const key = (ls * n + lp) * n + lo;
      if (seen.has(key)) continue;
      seen.add(key);
      triples[at++] = s;
      triples[at++] = p;
      triples[at++] = o;
    }
    if (triples === undefined) return;
    this.#graphs.set(g, at === triples.length ? triples : triples.slice(0, at));
    this.#size += at / 3;
    this.#version += 1;
    this.#index = undefined;
  }

  /**
   * Quads whose ids point into a shared term table: each table term is interned once per store
   * (`#tables`), whatever the number of documents using it. A table's documents hold no duplicates
   * (the cache writes them so), so into a graph of its own they go as one typed array, unchecked.
   */
  #addShared(graph: Term, { table, spo, graph: graphAt }: SharedQuads): void {
    // The document's own IRI in an adopted table: its id is known without a lookup.
    const adopted = this.#adopted === table;
    const g = adopted && graphAt !== undefined && graph.termType === 'NamedNode' && table.at(graphAt) === `N${graph.value}` ? graphAt : this.#intern(graph);
    let ids = this.#tables.get(table);
    if (ids === undefined) this.#tables.set(table, (ids = new Int32Array(table.length).fill(-1)));
    if (spo.length % 3 !== 0) throw new TypeError('bad quad table length');
    const fresh = (this.#graphs.get(g)?.length ?? 0) === 0;
    const id = (at: number): number => {
      let n = ids[at];
      if (n === undefined) throw new TypeError('bad quad index');
      if (n < 0) ids[at] = n = this.#internCode(table.at(at) as string);
      return n;
    };
    if (fresh && adopted) {
      // Ids of an adopted table are the store's: the cache's array is the graph (never written to).
      this.#graphs.set(g, spo);
      this.#size += spo.length / 3;
      this.#version += 1;
      this.#index = undefined;
      return;
    }
    if (fresh) {
      // Into a graph of its own: the triples as one typed array, mapped to store ids.
      const triples = new Uint32Array(spo.length);
      for (let i = 0; i < spo.length; i += 1) triples[i] = id(spo[i] as number);
      this.#keys.delete(g);
      this.#graphs.set(g, triples);
      this.#size += spo.length / 3;
      this.#version += 1;
      this.#index = undefined;
      return;
    }
    for (let i = 0; i < spo.length; i += 3) {
      const s = id(spo[i] as number);
      const p = id(spo[i + 1] as number);
      const o = id(spo[i + 2] as number);
      this.#insert(g, s, p, o);
    }
  }

  removeQuad(quad: Quad): boolean {
    const ids = this.#idMap();
    const [s, p, o, g] = [quad.subject, quad.predicate, quad.object, quad.graph].map((t) => ids.get(keyOf(t)));
    if (s === undefined || p === undefined || o === undefined || g === undefined) return false;
    if (!this.#graphs.has(g)) return false;
    const triples = this.#writable(g);
    for (let i = 0; i < triples.length; i += 3) {
      if (triples[i] === s && triples[i + 1] === p && triples[i + 2] === o) {
        triples.splice(i, 3);
        this.#keys.get(g)?.delete(`${s} ${p} ${o}`);
        if (triples.length === 0) this.#dropGraph(g);
        this.#size -= 1;
        this.#version += 1;
        this.#index = undefined;
        return true;
      }
    }
    return false;
  }

  removeQuads(quads: Iterable<Quad>): void {
    for (const quad of quads) this.removeQuad(quad);
  }

  #dropGraph(g: number): void {
    this.#graphs.delete(g);
    this.#keys.delete(g);
  }

  /** Removes a named graph at once. Returns the number of quads removed. */
  deleteGraph(graph: Term): number {
    const g = this.#idMap().get(keyOf(graph));
    const triples = g === undefined ? undefined : this.#graphs.get(g);
    if (g === undefined || triples === undefined) return 0;
    this.#dropGraph(g);
    this.#size -= triples.length / 3;
    this.#version += 1;
    this.#index = undefined;
    return triples.length / 3;
  }

  /** Matching quads, lazily. Null, undefined and variables are wildcards. */
  *readQuads(subject?: Pattern, predicate?: Pattern, object?: Pattern, graph?: Pattern): Generator<Quad> {
    for (const [s, p, o, g] of this.#matchIds(subject, predicate, object, graph)) {
      yield DataFactory.quad(
        this.#term(s) as Quad['subject'],
        this.#term(p) as Quad['predicate'],
        this.#term(o) as Quad['object'],
        this.#term(g) as Quad['graph'],
      );
    }
  }

  getQuads(subject?: Pattern, predicate?: Pattern, object?: Pattern, graph?: Pattern): Quad[] {
    return [...this.readQuads(subject, predicate, object, graph)];
  }

  countQuads(subject?: Pattern, predicate?: Pattern, object?: Pattern, graph?: Pattern): number {
    let n = 0;
    for (const _ of this.#matchIds(subject, predicate, object, graph)) n += 1;
    return n;
  }

  has(quad: Quad): boolean {
    return this.countQuads(quad.subject, quad.predicate, quad.object, quad.graph) > 0;
  }

  /** Names of the graphs that hold at least one quad. */
  graphs(): Term[] {
    return [...this.#graphs.keys()].map((g) => this.#term(g) as Term);
  }

  /** Every term's code by id: each its term's canonical key (term-codec), each once. */
  codes(): readonly string[] {
    this.#idMap();
    return this.#codes;
  }

  /**
   * A graph's triples as term ids (see codes) and the graph's own id, or undefined when it holds
   * none. The array may be the store's own: it must not be written to (the store never writes to
   * an array it handed out; a write to the graph replaces it).
   */
  graphIds(graph: Term): { spo: Uint32Array; graph: number } | undefined {
    const g = this.#idMap().get(keyOf(graph));
    const triples = g === undefined ? undefined : this.#graphs.get(g);
    if (g === undefined || triples === undefined || triples.length === 0) return undefined;
    return { spo: triples instanceof Uint32Array ? triples : Uint32Array.from(triples), graph: g };
  }

  /** The id of a term the store has interned (stable for the store's life), or undefined. */
  termId(term: Term): number | undefined {
    return term.termType === 'Variable' ? undefined : this.#idMap().get(keyOf(term));
  }

  /** The term with this id, or undefined for an id the store never gave out. */
  termAt(id: number): Term | undefined {
    return this.#term(id);
  }

  /**
   * Subject and object ids of every quad with `predicate` (and `object`, when given), in any graph,
   * in the order `readQuads` yields them. No quad objects are built: the fast read path for the
   * search indexes, which decode only the terms they use with `termAt`.
   */
  pairs(predicate: Term, object?: Term): IdPairs {
    if (predicate.termType === 'Variable' || object?.termType === 'Variable') throw new TypeError('pairs() takes concrete terms, not variables');
    const ids = this.#idMap();
    const p = ids.get(keyOf(predicate));
    const o = object === undefined ? undefined : ids.get(keyOf(object));
    if (p === undefined || (object !== undefined && o === undefined)) return { subjects: NO_IDS, objects: NO_IDS };
    this.#index ??= buildIndex(this.#graphs, this.#size, this.#codes.length);
    const { quads } = this.#index;
    // The predicate's range, filtered by object: the object position is not needed (nor built).
    const { offsets, order } = position(this.#index, 1);
    const start = offsets[p] ?? 0;
    const end = offsets[p + 1] ?? start;
    const subjects = new Uint32Array(end - start);
    const objects = new Uint32Array(end - start);
    let n = 0;
    for (let i = start; i < end; i += 1) {
      const q = (order[i] as number) * 4;
      if (quads[q + 1] !== p || (o !== undefined && quads[q + 2] !== o)) continue;
      subjects[n] = quads[q] as number;
      objects[n] = quads[q + 2] as number;
      n += 1;
    }
    return n === subjects.length ? { subjects, objects } : { subjects: subjects.slice(0, n), objects: objects.slice(0, n) };
  }

  /** `visit(predicate, object)` for every quad whose subject is term id `subject` (any graph, readQuads order): one scan, no quad objects. */
  forEachOfSubject(subject: number, visit: (predicate: number, object: number) => void): void {
    this.#index ??= buildIndex(this.#graphs, this.#size, this.#codes.length);
    const { quads } = this.#index;
    const { offsets, order } = position(this.#index, 0);
    const end = offsets[subject + 1] ?? 0;
    for (let i = offsets[subject] ?? end; i < end; i += 1) {
      const q = (order[i] as number) * 4;
      visit(quads[q + 1] as number, quads[q + 2] as number);
    }
  }

  /** RDF/JS Source: a stream of matching quads (what Comunica reads). */
  match(subject?: Pattern, predicate?: Pattern, object?: Pattern, graph?: Pattern): ReturnType<Source['match']> {
    return Readable.from(this.readQuads(subject, predicate, object, graph)) as unknown as ReturnType<Source['match']>;
  }

  *#matchIds(subject: Pattern, predicate: Pattern, object: Pattern, graph: Pattern): Generator<[number, number, number, number]> {
    const s = this.#lookup(subject);
    const p = this.#lookup(predicate);
    const o = this.#lookup(object);
    const g = this.#lookup(graph);
    if (s === null || p === null || o === null || g === null) return;
    const ok = (qs: number, qp: number, qo: number): boolean => (s === undefined || qs === s) && (p === undefined || qp === p) && (o === undefined || qo === o);
    if (g !== undefined || (s === undefined && p === undefined && o === undefined)) {
      const graphs: Iterable<[number, Triples]> = g === undefined ? this.#graphs : [[g, this.#graphs.get(g) ?? []]];
      for (const [gid, triples] of graphs) {
        for (let i = 0; i < triples.length; i += 3) {
          const qs = triples[i] as number;
          const qp = triples[i + 1] as number;
          const qo = triples[i + 2] as number;
          if (ok(qs, qp, qo)) yield [qs, qp, qo, gid];
        }
      }
      return;
    }
    this.#index ??= buildIndex(this.#graphs, this.#size, this.#codes.length);
    const { quads } = this.#index;
    const { order, start, end } = candidates(this.#index, [s, p, o]);
    for (let i = start; i < end; i += 1) {
      const q = (order === undefined ? i : (order[i] as number)) * 4;
      const qs = quads[q] as number;
      const qp = quads[q + 1] as number;
      const qo = quads[q + 2] as number;
      if (ok(qs, qp, qo)) yield [qs, qp, qo, quads[q + 3] as number];
    }
  }
}
