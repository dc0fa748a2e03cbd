// The file-level field of search_code (issue 28): one BM25F document per source file of the file's
// own words, from what the code graph holds, in three fields: `path` (its path segments and base
// name without extension), `doc` (its module doc comment; when it has none, the doc comment of its
// top-level type named like the file, as a Java class `Stream` of `Stream.java` describes its file)
// and `text` (the identifiers, split into words by the tokenizer, signatures and doc comments of all
// its symbols). Built once with the code index, in one pass over the symbols (linear in their text),
// and persisted with it (code-index-cache.ts). A request about behaviour with no word of a symbol's
// name finds the file whose symbols' docs and signatures, taken together, answer it; a request
// asking where something lives finds the file whose path or module doc says it.
//
// How it is used (parameters in data/code-file-field.json, written by
// benchmarks/fit-code-file-field.ts on the train and dev splits): `--by file` fuses the files' rank
// by their grouped symbols with their rank by the field (reciprocal-rank fusion, the field weighted
// `fileWeight`), unless the request names a symbol; the symbol list multiplies each symbol's score
// by 1 + prior × its file's field score over the best file's. The weights of the `path` and `doc`
// fields (`text` weighs 1) are fitted with them. Test files rank down in the field as test symbols
// do in the symbol search.
import fileFieldData from './data/code-file-field.json' with { type: 'json' };
import { MdkgError } from '../errors.js';
import { checkFitFile, exactKeys, finiteAt } from '../search/params/data-file.js';
import type { FieldSource } from '../search/text/bm25-build.js';
import { Bm25Index, type Bm25Params } from '../search/text/bm25.js';
import { terms } from '../search/text/tokenize.js';
import type { CodeCatalog } from './code-records.js';

/** How the file field joins the ranking. */
export interface FileFusion {
  /** Weight of the field's reciprocal rank in `--by file` (the grouped symbols' weighs 1), ≥ 0. */
  fileWeight: number;
  /** The k of 1 / (k + rank) in the fusion. */
  k: number;
  /** Factor of the symbol prior: a symbol's score × (1 + prior × its file's normalized file-field score), ≥ 0. */
  prior: number;
  /** How many files the file field proposes to `--by file` (files no symbol hit reached may enter). */
  candidates: number;
  /** Weight of the field's `path` field (`text` weighs 1), > 0. */
  pathWeight: number;
  /** Weight of the field's `doc` field (the module doc comment), ≥ 0 (0: not indexed). */
  docWeight: number;
}

const FILE = 'src/code-search/data/code-file-field.json';

/** The fusion parameters of a data file (`fitted.fileWeight`, `fitted.prior`, `fitted.pathWeight`, `fitted.docWeight`; hand-set `priors.k`, `priors.candidates`). */
export function fileFusionFromFile(data: unknown, file = FILE): FileFusion {
  const { priors, fitted } = checkFitFile(data, file);
  exactKeys(priors, [], ['candidates', 'k'], file);
  exactKeys(fitted, [], ['docWeight', 'fileWeight', 'pathWeight', 'prior'], file);
  const value = (tree: unknown, key: string, ok: (v: number) => boolean, what: string): number => {
    const v = finiteAt(tree, [key], file);
    if (!ok(v)) throw new MdkgError('MDKG_CONFIG_INVALID', `${file}: '${key}' must be ${what}, got ${v}`);
    return v;
  };
  return {
    fileWeight: value(fitted, 'fileWeight', (v) => v >= 0, 'at least 0'),
    k: value(priors, 'k', (v) => v >= 0, 'at least 0'),
    prior: value(fitted, 'prior', (v) => v >= 0, 'at least 0'),
    candidates: value(priors, 'candidates', (v) => Number.isInteger(v) && v >= 0, 'a whole number ≥ 0'),
    pathWeight: value(fitted, 'pathWeight', (v) => v > 0, 'above 0'),
    docWeight: value(fitted, 'docWeight', (v) => v >= 0, 'at least 0'),
  };
}

/** The fusion in use (benchmarks and tests may change it in place). */
export const FILE_FUSION: FileFusion = fileFusionFromFile(fileFieldData);

/** The file field's BM25F: standard k1 and b (not tuned), the `path` and `doc` weights of `fusion`. */
export function fileFieldBm25(fusion: Pick<FileFusion, 'pathWeight' | 'docWeight'> = FILE_FUSION): Bm25Params {
  return {
    k1: 1.2,
    coord: 0,
    fields: {
      path: { weight: fusion.pathWeight, b: 0.5 },
      doc: { weight: fusion.docWeight, b: 0.75 },
      text: { weight: 1, b: 0.75 },
    },
  };
}

/** `src/search/text-index.ts` -> `src search text index ts text-index`: path words and the base name without extension. */
export function filePathText(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return `${path.replace(/[/\\._-]+/g, ' ')} ${base}`;
}

/**
 * A file's own description: its module doc comment, else the doc comment of its top-level type
 * named like the file without extension (`Stream.java` → class `Stream`), else none.
 */
export function fileDoc(catalog: CodeCatalog, file: number): string {
  const f = catalog.files[file]!;
  if (f.doc !== undefined && f.doc !== '') return f.doc;
  const base = f.path.slice(f.path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  for (const ref of f.symbols) {
    const s = catalog.symbols[ref]!;
    if (s.parent < 0 && s.name === base && TYPE_KINDS.has(s.kind) && s.doc !== '') return s.doc;
  }
  return '';
}

const TYPE_KINDS = new Set(['class', 'interface', 'struct', 'enum', 'trait', 'type', 'record']);

/** The file field of every file of a catalog (one pass over its symbols). */
export function buildFileField(catalog: CodeCatalog, params: Bm25Params = fileFieldBm25()): Bm25Index {
  return Bm25Index.build(fileFieldDocs(catalog), params);
}

/** Each file's text per field of the file field (path, doc, text). */
export function fileFieldDocs(catalog: CodeCatalog): FieldSource[] {
  const texts: string[][] = catalog.files.map(() => []);
  for (const s of catalog.symbols) {
    const text = texts[s.file]!;
    text.push(s.qualifiedName === s.name ? s.name : `${s.name} ${s.qualifiedName}`);
    if (s.signature !== '') text.push(s.signature);
    if (s.doc !== '') text.push(s.doc);
  }
  return catalog.files.map((f, i) => {
    const doc = fileDoc(catalog, i);
    const fields = new Map<string, string[]>([
      ['path', [filePathText(f.path)]],
      ['doc', doc === '' ? [] : [doc]],
      ['text', texts[i]!],
    ]);
    return { get: (key: string) => fields.get(key) };
  });
}

/**
 * Each matched file's file-field score over the best one's (in (0, 1]), by file index; `factor`
 * scales a file's score first (test code ranks down as in the symbol search).
 */
export function fileFieldScores(field: Bm25Index, weights: ReadonlyMap<string, number>, factor: (file: number) => number = () => 1): Map<number, number> {
  const scored = field.search(weights, field.size).map(({ doc, score }) => ({ doc, score: score * factor(doc) }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  const out = new Map<number, number>();
  if (best <= 0) return out;
  for (const { doc, score } of scored.sort((a, b) => b.score - a.score || a.doc - b.doc)) if (score > 0) out.set(doc, score / best);
  return out;
}

/** The request's terms the file's field holds, in request order. */
export function fileFieldTerms(field: Bm25Index, file: number, queryTerms: Iterable<string>): string[] {
  const out: string[] = [];
  for (const t of queryTerms) if (!out.includes(t) && field.fieldsOf(t, file).length > 0) out.push(t);
  return out;
}

/** The request's words (as written, lower case) that carry one of `matched` (index terms, stemmed): `queri read onli` -> `query read-only`. */
export function requestWords(query: string, matched: readonly string[]): string[] {
  const want = new Set(matched);
  const out: string[] = [];
  for (const word of query.toLowerCase().split(/[\s,;:!?()"'`]+/)) {
    const bare = word.replace(/^[.]+|[.]+$/g, '');
    if (bare !== '' && !out.includes(bare) && terms(bare).some((t) => want.has(t))) out.push(bare);
  }
  return out;
}
