// The code index of a loaded graph: the code records (code-records.ts), a BM25F index over each
// symbol's name, enclosing names, doc comment, signature and file path, the names for exact and
// prefix lookups, and the reference graph (calls, containment, imports) for expansion and the
// repository map. Built once per graph version and memoized: in one piece (`codeIndexOf`), or in
// slices that let a server answer its other clients meanwhile (`codeIndexOfSliced`).
import type { QuadStore } from '../rdf/quad-store.js';
import { Bm25Index, type Bm25Params } from '../search/text/bm25.js';
import { runSliced, type Slicing } from '../util/slices.js';
import { FuzzyVocabulary } from '../search/text/fuzzy.js';
import { type CodeCatalog, type CodeFileRecord, type CodeSymbolRecord, catalogSteps, readCodeCatalog } from './code-records.js';
import { buildFileField, fileFieldBm25, fileFieldDocs } from './file-field.js';

export type { CodeCatalog, CodeFileRecord, CodeSymbolRecord } from './code-records.js';

/** The fields of a symbol and their BM25F weights (tuned on the train and dev splits only). */
export const CODE_BM25: Bm25Params = {
  k1: 1.2,
  coord: 0,
  fields: {
    name: { weight: 3, b: 0.3 },
    context: { weight: 1, b: 0.5 },
    doc: { weight: 1, b: 0.75 },
    signature: { weight: 0.6, b: 0.75 },
    path: { weight: 1, b: 0.5 },
    calls: { weight: 0.2, b: 0.75 },
  },
};

/** `src/search/text-index.ts` -> `src search text index ts`: path words for the tokenizer. */
export function pathWords(path: string): string {
  return path.replace(/[/\\._-]+/g, ' ');
}

/** Whether a path is test code (a tests/ or __tests__ folder, `*.test.*`, `*.spec.*`, `*_test.go`, `test_*.py`). */
export function isTestPath(path: string): boolean {
  return (
    /(^|\/)(tests?|__tests__|spec|specs)\//.test(path) || /\.(test|spec)\.[^/]+$/.test(path) || /_test\.[^/]+$/.test(path) || /(^|\/)test_[^/]+\.py$/.test(path)
  );
}

export class CodeIndex {
  readonly files: readonly CodeFileRecord[];
  readonly symbols: readonly CodeSymbolRecord[];
  readonly bm25: Bm25Index;
  /** The file-level field: one BM25 document per file of its own words (file-field.ts). */
  readonly fileField: Bm25Index;
  readonly fuzzy: FuzzyVocabulary;
  /** Callers of each symbol (symbol indexes; a file's top-level code is not a symbol and not listed). */
  readonly callers: readonly number[][];
  /** Symbols whose parent is each symbol. */
  readonly children: readonly number[][];
  /** Files importing each file. */
  readonly importers: readonly number[][];
  /** Files calling each symbol from their top-level code. */
  readonly fileCallers: readonly number[][];
  readonly fileCalls: ReadonlyMap<number, readonly number[]>;
  /** Lower-case name and qualified name -> symbol indexes. */
  readonly byName = new Map<string, number[]>();
  /** Lower-case file name (`tool-index.ts`) and path -> file indexes. */
  readonly byFileName = new Map<string, number[]>();
  readonly buildMs: number;

  /** `bm25`, `fileField`: the symbols' index and the file field as persisted (code-index-cache.ts), instead of building them. */
  constructor(catalog: CodeCatalog, params: Bm25Params = CODE_BM25, bm25?: Bm25Index, fileField?: Bm25Index) {
    const began = performance.now();
    this.files = catalog.files;
    this.symbols = catalog.symbols;
    this.fileCalls = catalog.fileCalls;
    const n = catalog.symbols.length;
    const callers: number[][] = Array.from({ length: n }, () => []);
    const children: number[][] = Array.from({ length: n }, () => []);
    const fileCallers: number[][] = Array.from({ length: n }, () => []);
    const importers: number[][] = catalog.files.map(() => []);
    catalog.symbols.forEach((s, i) => {
      for (const t of s.calls) callers[t]!.push(i);
      if (s.parent >= 0) children[s.parent]!.push(i);
      add(this.byName, s.name.toLowerCase(), i);
      if (s.qualifiedName !== s.name) add(this.byName, s.qualifiedName.toLowerCase(), i);
    });
    catalog.files.forEach((f, i) => {
      for (const t of f.imports) importers[t]!.push(i);
      const base = f.path.slice(f.path.lastIndexOf('/') + 1).toLowerCase();
      add(this.byFileName, base, i);
      add(this.byFileName, f.path.toLowerCase(), i);
    });
    for (const [f, calls] of catalog.fileCalls) for (const t of calls) fileCallers[t]!.push(f);
    this.callers = callers;
    this.children = children;
    this.importers = importers;
    this.fileCallers = fileCallers;
    this.bm25 = bm25 ?? Bm25Index.build(symbolDocs(catalog), params);
    this.fileField = fileField ?? buildFileField(catalog);
    // Bucketed on the first correction (most searches need none).
    this.fuzzy = new FuzzyVocabulary(
      () => this.bm25.vocabulary(),
      (t) => this.bm25.documentFrequency(t),
    );
    this.buildMs = performance.now() - began;
  }

  /** The index of a store's code documents. */
  static build(store: QuadStore, params?: Bm25Params): CodeIndex {
    return new CodeIndex(readCodeCatalog(store), params);
  }

  /** The same index as `build`, its catalog and both BM25 indexes built in slices with pauses between them (util/slices.ts). */
  static async buildSliced(store: QuadStore, params: Bm25Params = CODE_BM25, slicing?: Slicing): Promise<CodeIndex> {
    const catalog = await runSliced(catalogSteps(store), slicing);
    const bm25 = await Bm25Index.buildSliced(symbolDocs(catalog), params, slicing);
    const fileField = await Bm25Index.buildSliced(fileFieldDocs(catalog), fileFieldBm25(), slicing);
    return new CodeIndex(catalog, params, bm25, fileField);
  }

  /** `code:<path>#<qualified name>` style id of a symbol (its IRI's compact form). */
  symbolId(i: number): string {
    const s = this.symbols[i]!;
    return `${this.files[s.file]!.path}#${s.qualifiedName}`;
  }
}

/** The BM25F fields of each symbol, read when the build asks for them (a sliced build does that work in its slices). */
function symbolDocs(catalog: CodeCatalog): { get: (key: string) => string[] | undefined }[] {
  return catalog.symbols.map((s) => ({
    get: (key: string): string[] | undefined => {
      if (key === 'name') return [s.name];
      if (key === 'context') {
        const dot = s.qualifiedName.lastIndexOf('.');
        return dot > 0 ? [s.qualifiedName.slice(0, dot)] : [];
      }
      if (key === 'doc') return s.doc === '' ? [] : [s.doc];
      if (key === 'signature') return s.signature === '' ? [] : [s.signature];
      if (key === 'path') return [pathWords(catalog.files[s.file]!.path)];
      if (key === 'calls') return s.calls.map((t) => catalog.symbols[t]!.name);
      return undefined;
    },
  }));
}

function add(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [i]);
  else if (!list.includes(i)) list.push(i);
}

const memo = new WeakMap<QuadStore, { version: number; index: CodeIndex }>();

/** The code index of a store, built on first use and again after the store changed (a refresh). */
export function codeIndexOf(store: QuadStore): CodeIndex {
  const cached = memo.get(store);
  if (cached !== undefined && cached.version === store.version) return cached.index;
  const index = CodeIndex.build(store);
  memo.set(store, { version: store.version, index });
  return index;
}

const building = new WeakMap<QuadStore, { version: number; index: Promise<CodeIndex> }>();

/**
 * codeIndexOf for a server: a build runs in slices (CodeIndex.buildSliced), so the other clients are
 * answered meanwhile, and callers that come during a build wait for that one. The index joins the
 * memo of codeIndexOf, under the version the build read.
 */
export function codeIndexOfSliced(store: QuadStore, slicing?: Slicing): Promise<CodeIndex> {
  const version = store.version;
  const cached = memo.get(store);
  if (cached !== undefined && cached.version === version) return Promise.resolve(cached.index);
  const running = building.get(store);
  if (running !== undefined && running.version === version) return running.index;
  const index = CodeIndex.buildSliced(store, CODE_BM25, slicing).then(
    (built) => {
      if (building.get(store)?.index === index) building.delete(store);
      if ((memo.get(store)?.version ?? -1) < version) memo.set(store, { version, index: built });
      return built;
    },
    (error: unknown) => {
      if (building.get(store)?.index === index) building.delete(store);
      throw error;
    },
  );
  building.set(store, { version, index });
  return index;
}
