// Reads the code documents of a loaded graph (`mdkg generate code`) into flat records: each
// mdkg:SourceFile with its symbols, and the calls, containment and imports between them. One pass
// per predicate over the store's term ids (`QuadStore.pairs`): no SPARQL, no quad objects.
import { MDKG, RDF_TYPE, SCHEMA } from '../rdf/namespaces.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { namedNode } from '../search/catalog/named-node.js';
import { runAll, type Steps } from '../util/slices.js';

export interface CodeFileRecord {
  iri: string;
  /** Path relative to the root the documents were generated from (`src/cli/main.ts`). */
  path: string;
  language: string;
  lines: number;
  /** Indexes of its symbols in `CodeCatalog.symbols`, in line order. */
  symbols: number[];
  /** Indexes of the repository files it imports. */
  imports: number[];
  /** The module doc comment (the document's `description`), when it has one. */
  doc?: string;
}

export interface CodeSymbolRecord {
  iri: string;
  file: number;
  name: string;
  qualifiedName: string;
  kind: string;
  signature: string;
  doc: string;
  startLine: number;
  endLine: number;
  /** The enclosing symbol, or -1 for a top-level one. */
  parent: number;
  /** Indexes of the symbols it calls. */
  calls: number[];
}

export interface CodeCatalog {
  files: CodeFileRecord[];
  symbols: CodeSymbolRecord[];
  /** Calls made by top-level code of a file (file index -> symbol indexes). */
  fileCalls: Map<number, number[]>;
}

const m = (local: string): string => `${MDKG}${local}`;
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** subject id -> the objects of a predicate (first one kept for single-valued ones). */
function objectsOf(store: QuadStore, predicate: string): Map<number, number[]> {
  const { subjects, objects } = store.pairs(namedNode(predicate));
  const out = new Map<number, number[]>();
  for (let i = 0; i < subjects.length; i += 1) {
    const s = subjects[i] as number;
    const list = out.get(s);
    if (list === undefined) out.set(s, [objects[i] as number]);
    else if (!list.includes(objects[i] as number)) list.push(objects[i] as number);
  }
  return out;
}

/** The predicates read, each in one pass over the store's term ids. */
const PREDICATES = {
  filePath: m('filePath'),
  language: m('language'),
  lineCount: m('lineCount'),
  symbolOf: m('symbol'),
  importsOf: m('imports'),
  names: m('name'),
  qualified: m('qualifiedName'),
  kinds: m('kind'),
  signatures: m('signature'),
  docs: `${SCHEMA}description`,
  starts: m('startLine'),
  ends: m('endLine'),
  containedIn: m('containedIn'),
  callsOf: m('calls'),
} as const;

/** Files, and symbols, between two points where a sliced read may pause (util/slices.ts). */
const FILES_PER_STEP = 32;
const SYMBOLS_PER_STEP = 512;

/** Every code file and symbol of the store, files sorted by path, symbols by file then line. */
export function readCodeCatalog(store: QuadStore): CodeCatalog {
  return runAll(catalogSteps(store));
}

/** readCodeCatalog as steps: they yield after each predicate's pass and every few files and symbols. */
export function* catalogSteps(store: QuadStore): Steps<CodeCatalog> {
  const value = (id: number | undefined): string | undefined => (id === undefined ? undefined : store.termAt(id)?.value);
  const first = (map: Map<number, number[]>, s: number): string | undefined => value(map.get(s)?.[0]);
  const fileIds = [...new Set(store.pairs(namedNode(RDF_TYPE), namedNode(m('SourceFile'))).subjects)];
  const by = {} as Record<keyof typeof PREDICATES, Map<number, number[]>>;
  for (const [key, predicate] of Object.entries(PREDICATES) as [keyof typeof PREDICATES, string][]) {
    yield;
    by[key] = objectsOf(store, predicate);
  }
  const { filePath, language, lineCount, symbolOf, importsOf, names, qualified, kinds, signatures, docs, starts, ends, containedIn, callsOf } = by;
  const rows = fileIds
    .map((id) => ({ id, path: first(filePath, id) ?? '' }))
    .filter((f) => f.path !== '')
    .sort((a, b) => compare(a.path, b.path));
  const fileIndex = new Map(rows.map((f, i) => [f.id, i]));
  const symbols: CodeSymbolRecord[] = [];
  const symbolIds: number[] = [];
  const files: CodeFileRecord[] = [];
  for (let f = 0; f < rows.length; f += 1) {
    if (f % FILES_PER_STEP === FILES_PER_STEP - 1) yield;
    const { id, path } = rows[f] as { id: number; path: string };
    const own = (symbolOf.get(id) ?? [])
      .map((s) => ({ s, start: Number(first(starts, s) ?? 0), q: first(qualified, s) ?? '' }))
      .sort((a, b) => a.start - b.start || compare(a.q, b.q));
    const indexes = own.map(({ s, start, q }) => {
      symbolIds.push(s);
      const name = first(names, s) ?? q;
      return (
        symbols.push({
          iri: value(s) ?? '',
          file: f,
          name,
          qualifiedName: q === '' ? name : q,
          kind: first(kinds, s) ?? 'symbol',
          signature: first(signatures, s) ?? '',
          doc: first(docs, s) ?? '',
          startLine: start,
          endLine: Number(first(ends, s) ?? start),
          parent: -1,
          calls: [],
        }) - 1
      );
    });
    const doc = first(docs, id);
    files.push({
      iri: value(id) ?? '',
      path,
      language: first(language, id) ?? '',
      lines: Number(first(lineCount, id) ?? 0),
      symbols: indexes,
      imports: [],
      ...(doc === undefined || doc === '' ? {} : { doc }),
    });
  }
  const symbolIndex = new Map(symbolIds.map((s, i) => [s, i]));
  const resolve = (ids: readonly number[] | undefined): number[] => (ids ?? []).map((t) => symbolIndex.get(t)).filter((t): t is number => t !== undefined);
  for (let i = 0; i < symbolIds.length; i += 1) {
    if (i % SYMBOLS_PER_STEP === SYMBOLS_PER_STEP - 1) yield;
    const s = symbolIds[i] as number;
    const sym = symbols[i]!;
    sym.parent = symbolIndex.get(containedIn.get(s)?.[0] ?? -1) ?? -1;
    sym.calls = resolve(callsOf.get(s)).filter((t) => t !== i);
  }
  const fileCalls = new Map<number, number[]>();
  for (let f = 0; f < rows.length; f += 1) {
    if (f % FILES_PER_STEP === FILES_PER_STEP - 1) yield;
    const { id } = rows[f] as { id: number };
    files[f]!.imports = (importsOf.get(id) ?? []).map((t) => fileIndex.get(t)).filter((t): t is number => t !== undefined && t !== f);
    const calls = resolve(callsOf.get(id));
    if (calls.length > 0) fileCalls.set(f, calls);
  }
  return { files, symbols, fileCalls };
}
