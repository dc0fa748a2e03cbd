// The architecture, checked: no import cycles (type-only imports included), Comunica only under
// src/sparql/, no process.exit under src/ (only the CLI binary ends the process), the lexicon
// depends on neither search nor ingest and those two never import each other, the allowed imports
// between folders (docs/architecture.md), and no source file over 300 lines without a reason.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

const FILES = sourceFiles(SRC)
  .map((f) => relative(ROOT, f))
  .sort();
const TEXT = new Map(FILES.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

/** Comments, so that an import quoted in a comment does not count. */
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')` (type-only ones included). */
const IMPORT = /(?:^|[\s;])(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module a file imports or re-exports (static, type-only and dynamic), as written. */
function specifiers(file: string): string[] {
  const code = TEXT.get(file)!.replace(COMMENTS, '');
  return [...code.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** The repository path of a relative import of a source file (`./x.js` -> `src/.../x.ts`). */
function target(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const path = relative(ROOT, resolve(ROOT, dirname(file), spec)).replace(/\.js$/, '.ts');
  return TEXT.has(path) ? path : undefined;
}

const EDGES = new Map(
  FILES.map((f) => [
    f,
    [
      ...new Set(
        specifiers(f)
          .map((s) => target(f, s))
          .filter((t): t is string => t !== undefined),
      ),
    ].sort(),
  ]),
);

/** The cycles of the import graph, each as its files in order (Tarjan's strongly connected components). */
function cycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of EDGES.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (EDGES.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const f of FILES) if (!index.has(f)) visit(f);
  return out;
}

/** The top folder of a source file under src/ (`search`, `lexicon`, ...), or `.` for src/*.ts. */
const area = (file: string): string => {
  const parts = relative('src', file).split('/');
  return parts.length > 1 ? parts[0]! : '.';
};

/** Imports between folders that must not exist. */
const FORBIDDEN: ReadonlyArray<[from: string, to: string]> = [
  ['lexicon', 'search'],
  ['lexicon', 'ingest'],
  ['lexicon', 'generate'],
  ['search', 'ingest'],
  ['ingest', 'search'],
  ['util', 'search'],
  ['util', 'ingest'],
  ['util', 'lexicon'],
  ['rdf', 'search'],
  ['sparql', 'search'],
  ['markdown-ld', 'search'],
  ['view', 'gateway'],
  ['view', 'cli'],
  ['gateway', 'view'],
  // Plans are built on search and the graph; only the CLI, the gateway, the view, the bench and src/index.ts use them.
  ...['search', 'ingest', 'graph', 'rdf', 'sparql', 'markdown-ld', 'lexicon', 'util', 'generate', 'code-search', 'learned'].map((from): [string, string] => [
    from,
    'plan',
  ]),
];

/**
 * The stages of search, lowest first: a stage imports only stages before it (and the shared
 * `search/types.ts`); graph search and fitting sit beside them; `pipeline.ts` and `tool-index.ts`
 * on top import any.
 */
const SEARCH_STAGES = ['text', 'request', 'catalog', 'params', 'vector', 'rank', 'result'] as const;
const SEARCH_ALLOWED: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(SEARCH_STAGES.map((stage, i) => [stage, SEARCH_STAGES.slice(0, i)])),
  fit: ['params'],
  'graph-search': ['text', 'request'],
  learned: ['text', 'catalog'],
};

/** `text`, `rank`, ... for a file in a stage folder of src/search/; `top` for src/search/*.ts. */
function searchStage(file: string): string | undefined {
  const parts = relative('src/search', file).split('/');
  if (parts[0]?.startsWith('..')) return undefined;
  return parts.length > 1 ? parts[0] : 'top';
}

describe('architecture', () => {
  it('keeps the stages of search one-way', () => {
    const wrong: string[] = [];
    for (const file of FILES) {
      const from = searchStage(file);
      if (from === undefined || from === 'top') continue;
      for (const to of EDGES.get(file) ?? []) {
        const stage = searchStage(to);
        if (stage === undefined || stage === from) continue;
        const ok = stage === 'top' ? to === 'src/search/types.ts' : (SEARCH_ALLOWED[from] ?? []).includes(stage);
        if (!ok) wrong.push(`${file} -> ${to}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(Object.keys(SEARCH_ALLOWED).sort()).toEqual(
      readdirSync(join(SRC, 'search'), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    );
  });

  it('has no import cycles', () => {
    expect(cycles()).toEqual([]);
  });

  it('imports Comunica only under src/sparql/', () => {
    const users = FILES.filter((f) => specifiers(f).some((s) => s.startsWith('@comunica/')));
    expect(users.filter((f) => !f.startsWith('src/sparql/'))).toEqual([]);
    expect(users.length).toBeGreaterThan(0);
  });

  it('never calls process.exit under src/', () => {
    expect(FILES.filter((f) => /\bprocess\.exit\s*\(/.test(TEXT.get(f)!))).toEqual([]);
  });

  it.each(FORBIDDEN)('%s does not import %s', (from, to) => {
    const wrong = FILES.filter((f) => area(f) === from).flatMap((f) => (EDGES.get(f) ?? []).filter((t) => area(t) === to).map((t) => `${f} -> ${t}`));
    expect(wrong).toEqual([]);
  });

  it('search and ingest share their language knowledge through src/lexicon/', () => {
    const lexiconUsers = (a: string): number => FILES.filter((f) => area(f) === a && (EDGES.get(f) ?? []).some((t) => area(t) === 'lexicon')).length;
    expect([lexiconUsers('search') > 0, lexiconUsers('ingest') > 0]).toEqual([true, true]);
  });

  it('keeps every source file within 300 lines, or says why in a comment', () => {
    const long = FILES.filter((f) => TEXT.get(f)!.split('\n').length > 300 && !/^\/\/ Over 300 lines: /m.test(TEXT.get(f)!));
    expect(long).toEqual([]);
  });
});
