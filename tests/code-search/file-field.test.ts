// The file-level field (file-field.ts): a request about behaviour that no symbol name has, answered
// by a file whose symbols' doc comments together say it, ranks that file first by file; the field's
// evidence names the matched terms; the fusion parameters come from the data file, checked.
import { afterEach, describe, expect, it } from 'vitest';
import fileFieldData from '../../src/code-search/data/code-file-field.json' with { type: 'json' };
import { CodeIndex, type CodeCatalog, type CodeSymbolRecord } from '../../src/code-search/code-index.js';
import {
  buildFileField,
  FILE_FUSION,
  fileDoc,
  fileFieldBm25,
  fileFieldScores,
  fileFusionFromFile,
  filePathText,
  requestWords,
} from '../../src/code-search/file-field.js';
import { searchCodeRequest } from '../../src/code-search/requests.js';
import { fileScoresOf, queryWeights, searchCode } from '../../src/code-search/search-code.js';
import { groupByFile } from '../../src/code-search/search-code-files.js';
import { terms } from '../../src/search/text/tokenize.js';

// [path, [name, doc]...]: no symbol name holds a word of REQUEST; src/cache/lru.ts's docs hold all of them.
const FILES: [string, [string, string][]][] = [
  [
    'src/cache/lru.ts',
    [
      ['sweep', 'Evicts the oldest first.'],
      ['watch_pressure', 'Called when memory runs low.'],
      ['touch', 'Marks stale entries as used.'],
    ],
  ],
  [
    'src/net/fetch.ts',
    [
      ['refresh', 'Evicts stale entries and fetches them again when memory runs short.'],
      ['retry', 'Tries a request again while memory allows.'],
    ],
  ],
  ['src/cli/main.ts', [['main', 'Parses the arguments and runs a command.']]],
  [
    'src/text/words.ts',
    [
      ['split', 'Splits a text into words.'],
      ['stem', 'The stem of a word.'],
    ],
  ],
  ['src/graph/load.ts', [['load', 'Reads every document of a folder.']]],
];
const REQUEST = 'evict stale entries when memory runs low';

/** A catalog of TypeScript files, each [path, module doc, [name, doc]...]; symbol i of a file starts at line 1 + step × i and spans `span` lines. */
function catalogOf(files: readonly (readonly [string, string | undefined, readonly (readonly [string, string])[]])[], step: number, span: number): CodeCatalog {
  const symbols: CodeSymbolRecord[] = [];
  const records = files.map(([path, doc, list], f) => ({
    iri: `urn:f${f}`,
    path,
    language: 'typescript',
    lines: 40,
    imports: [],
    ...(doc === undefined ? {} : { doc }),
    symbols: list.map(([name, symbolDoc], i) => {
      symbols.push({
        iri: `urn:f${f}#${name}`,
        file: f,
        name,
        qualifiedName: name,
        kind: 'function',
        signature: `function ${name}(): void`,
        doc: symbolDoc,
        startLine: 1 + step * i,
        endLine: 1 + step * i + span,
        parent: -1,
        calls: [],
      });
      return symbols.length - 1;
    }),
  }));
  return { files: records, symbols, fileCalls: new Map() };
}

const index = new CodeIndex(
  catalogOf(
    FILES.map(([path, list]) => [path, undefined, list] as const),
    10,
    5,
  ),
);
const saved = { ...FILE_FUSION };
afterEach(() => Object.assign(FILE_FUSION, saved));

const filesFor = (query: string): string[] => groupByFile(index, query, searchCode(index, query, { limit: 100 }).hits, 10).map((f) => f.file);

describe('file-level field', () => {
  it('holds no word of the request in any symbol name', () => {
    const names = new Set(index.symbols.flatMap((s) => terms(s.name)));
    expect(terms(REQUEST).filter((t) => names.has(t))).toEqual([]);
  });

  it.each([
    // the best single symbol (refresh) is in src/net/fetch.ts; the file whose docs together answer is src/cache/lru.ts
    [0, 'src/net/fetch.ts'],
    [FILE_FUSION.fileWeight, 'src/cache/lru.ts'],
  ])('by file with the field weighing %d ranks %s first', (fileWeight, first) => {
    FILE_FUSION.fileWeight = fileWeight;
    expect(filesFor(REQUEST)[0]).toBe(first);
  });

  it('ranks by the symbols alone when the request names a symbol', () => {
    // `watch_pressure` names src/cache/lru.ts#watch_pressure, while the field prefers src/net/fetch.ts for the other words
    const query = 'watch_pressure evict stale entries fetch again';
    const field = fileScoresOf(index, queryWeights(index, query).weights);
    expect(index.files[[...field.keys()][0]!]!.path).toBe('src/net/fetch.ts');
    FILE_FUSION.fileWeight = 100;
    expect(filesFor(query)[0]).toBe('src/cache/lru.ts');
  });

  it("names the file-field terms that matched in the file's evidence", () => {
    const [file] = groupByFile(index, REQUEST, searchCode(index, REQUEST, { limit: 100 }).hits, 1);
    expect(file!.file).toBe('src/cache/lru.ts');
    expect(file!.evidence.fileTerms).toEqual([...new Set(terms(REQUEST))]);
  });

  it('brings a file no symbol hit reached, with its symbols matching most words', () => {
    // `document folder` is in src/graph/load.ts's doc only; with no symbol hits the field alone ranks
    const [file] = groupByFile(index, 'document folder', [], 10);
    expect([file!.file, file!.symbols.map((s) => s.name), file!.evidence.symbolHits]).toEqual(['src/graph/load.ts', ['load'], 0]);
  });

  it('ranks the same through the request of the CLI and meta-tool, and adds no file outside a path scope', async () => {
    const result = await searchCodeRequest({ index, root: '/unused' }, { query: REQUEST, by: 'file' });
    expect(result.files?.map((f) => f.file).slice(0, 2)).toEqual(['src/cache/lru.ts', 'src/net/fetch.ts']);
    const scoped = groupByFile(index, REQUEST, [], 10, { admit: (path) => path.startsWith('src/net/') });
    expect(scoped.map((f) => f.file)).toEqual(['src/net/fetch.ts']);
  });

  it.each([
    ['src/search/text-index.ts', 'src search text index ts text-index'],
    ['serde/src/macros.rs', 'serde src macros rs macros'],
    ['Makefile', 'Makefile Makefile'],
  ])('path text of %s', (path, text) => {
    expect(filePathText(path)).toBe(text);
  });
});

describe('requestWords', () => {
  it.each([
    ['where is a SPARQL query made read-only', ['queri', 'read', 'onli'], ['query', 'read-only']],
    ['Evict stale entries.', ['entri'], ['entries']],
    ['evict stale entries', [], []],
  ])('%s with %j -> %j', (query, matched, words) => {
    expect(requestWords(query, matched)).toEqual(words);
  });
});

describe('fusion parameters', () => {
  it('are read from src/code-search/data/code-file-field.json', () => {
    expect(FILE_FUSION).toEqual({ ...fileFieldData.fitted, ...fileFieldData.priors });
  });

  const valid = fileFieldData as unknown as { priors: Record<string, unknown>; fitted: Record<string, unknown> };
  it.each([
    [{ fitted: { fileWeight: -1, prior: 0, pathWeight: 1, docWeight: 1 } }, "'fileWeight' must be at least 0, got -1"],
    [{ fitted: { fileWeight: 1, prior: -0.1, pathWeight: 1, docWeight: 1 } }, "'prior' must be at least 0, got -0.1"],
    [{ fitted: { fileWeight: 1, prior: 0, pathWeight: 0, docWeight: 1 } }, "'pathWeight' must be above 0, got 0"],
    [{ fitted: { fileWeight: 1, prior: 0, pathWeight: 1, docWeight: -1 } }, "'docWeight' must be at least 0, got -1"],
    [{ priors: { k: 10, candidates: 2.5 } }, "'candidates' must be a whole number ≥ 0, got 2.5"],
    [{ fitted: { fileWeight: 1 } }, "'(root)' must have exactly the keys docWeight, fileWeight, pathWeight, prior; got fileWeight"],
    [{ priors: { k: 'ten', candidates: 20 } }, `'k' must be a finite number, got "ten"`],
  ])('reject %j', (change, message) => {
    expect(() => fileFusionFromFile({ ...valid, ...change }, 'f.json')).toThrow(
      expect.objectContaining({ code: 'MDKG_CONFIG_INVALID', message: `f.json: ${message}` }),
    );
  });
});

describe("a file's own description (the field's doc)", () => {
  // [path, module doc, [name, kind, doc, nested]...]
  const FILES: [string, string | undefined, [string, string, string, boolean][]][] = [
    ['src/Stream.java', undefined, [['Stream', 'class', 'Holds the state of one exchange.', false]]],
    ['src/Pool.java', 'Keeps idle connections.', [['Pool', 'class', 'A pool.', false]]],
    ['src/Util.java', undefined, [['Helper', 'class', 'Helps.', false]]],
    [
      'src/Box.java',
      undefined,
      [
        ['Outer', 'class', '', false],
        ['Box', 'class', 'A nested box.', true],
      ],
    ],
    ['src/run.go', undefined, [['run', 'function', 'Runs it.', false]]],
    ['src/Shape.ts', undefined, [['Shape', 'interface', '', false]]],
  ];
  const symbols: CodeSymbolRecord[] = [];
  const cat: CodeCatalog = {
    files: FILES.map(([path, doc, list], f) => {
      const first = symbols.length;
      return {
        iri: `urn:f${f}`,
        path,
        language: 'java',
        lines: 20,
        imports: [],
        ...(doc === undefined ? {} : { doc }),
        symbols: list.map(([name, kind, d, nested], i) => {
          symbols.push({
            iri: `urn:f${f}#${name}`,
            file: f,
            name,
            qualifiedName: name,
            kind,
            signature: '',
            doc: d,
            startLine: 1 + i,
            endLine: 2 + i,
            parent: nested ? first : -1,
            calls: [],
          });
          return symbols.length - 1;
        }),
      };
    }),
    symbols,
    fileCalls: new Map(),
  };

  it.each([
    ['src/Stream.java', 'Holds the state of one exchange.'],
    ['src/Pool.java', 'Keeps idle connections.'],
    ['src/Util.java', ''],
    ['src/Box.java', ''],
    ['src/run.go', ''],
    ['src/Shape.ts', ''],
  ])('%s -> %j', (path, doc) => {
    expect(
      fileDoc(
        cat,
        cat.files.findIndex((f) => f.path === path),
      ),
    ).toBe(doc);
  });
});

describe('field weights: path and module doc', () => {
  // A request whose words one file's module doc says together, while another file's symbols carry them one by one.
  const files: [string, string | undefined, [string, string][]][] = [
    [
      'src/net/transport.ts',
      'Resends a request after a failed connection.',
      [
        ['open', 'Opens a socket.'],
        ['close', 'Closes a socket.'],
      ],
    ],
    [
      'src/misc/helpers.ts',
      undefined,
      [
        ['a1', 'A request object.'],
        ['a2', 'Counts how often it failed.'],
        ['a3', 'The connection of a socket.'],
        ['a4', 'Resends bytes.'],
        ['a5', 'Formats a number.'],
        ['a6', 'Parses a date.'],
        ['retry', 'Retry once more; each retry waits.'],
      ],
    ],
    ['src/retry/backoff.ts', undefined, [['wait', 'Sleeps between attempts.']]],
    ['src/text/words.ts', undefined, [['split', 'Splits a text into words.']]],
  ];
  const cat = catalogOf(files, 5, 3);
  const first = (query: string, pathWeight: number, docWeight: number): string => {
    const field = buildFileField(cat, fileFieldBm25({ pathWeight, docWeight }));
    const weights = new Map(terms(query).map((t) => [t, 1]));
    return cat.files[[...fileFieldScores(field, weights).keys()][0]!]!.path;
  };

  it.each([
    // the module doc not indexed: only the scattered symbol docs answer
    [0, 'src/misc/helpers.ts'],
    [1, 'src/net/transport.ts'],
  ])('with docWeight %d the first file is %s', (docWeight, path) => {
    expect(first('resend a request after a failed connection', 1, docWeight)).toBe(path);
  });

  it('indexes the module doc only in the doc field (not in the text)', () => {
    const field = buildFileField(cat, fileFieldBm25({ pathWeight: 1, docWeight: 1 }));
    expect(field.fieldsOf('resend', 0)).toEqual(['doc']);
  });

  it.each([
    // `retry` is a folder of one path and a name and words of another file; the path's weight decides
    [1, 'src/misc/helpers.ts'],
    [3, 'src/retry/backoff.ts'],
  ])('with pathWeight %d the first file for a word of a path is %s', (pathWeight, path) => {
    expect(first('retry', pathWeight, 1)).toBe(path);
  });
});
