import { posix } from 'node:path';

const JS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.d.ts'];
/** `./x.js` in TypeScript names `./x.ts`: the compiled name maps back to its sources. */
const COMPILED = /\.(m|c)?jsx?$/;

function javascriptCandidates(base: string): string[] {
  const out = [base];
  if (COMPILED.test(base)) {
    const stem = base.replace(COMPILED, '');
    out.push(`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`);
  }
  for (const e of JS_EXTENSIONS) out.push(base + e);
  for (const e of JS_EXTENSIONS) out.push(`${base}/index${e}`);
  return out;
}

function pythonCandidates(from: string, module: string): string[] {
  const dots = /^\.*/.exec(module)?.[0].length ?? 0;
  const rest = module
    .slice(dots)
    .split('.')
    .filter((p) => p !== '');
  let dir = dots === 0 ? '' : posix.dirname(from);
  for (let i = 1; i < dots; i += 1) dir = posix.dirname(dir);
  const base = posix.join(dir === '.' ? '' : dir, ...rest);
  return rest.length === 0 ? [`${base}/__init__.py`] : [`${base}.py`, `${base}/__init__.py`];
}

/**
 * The file of this repository an import names, when it names one: relative JavaScript and
 * TypeScript specifiers (with the compiled-name mapping and index files) and Python modules
 * (relative, or absolute from the root). Paths are relative to the root; one that would leave
 * the root is never returned.
 */
export function resolveModule(from: string, module: string, language: string, files: ReadonlySet<string>): string | undefined {
  let candidates: string[];
  if (language === 'python') candidates = pythonCandidates(from, module);
  else if ((language === 'typescript' || language === 'tsx' || language === 'javascript') && module.startsWith('.')) {
    candidates = javascriptCandidates(posix.join(posix.dirname(from), module));
  } else return undefined;
  for (const c of candidates) {
    const path = posix.normalize(c);
    if (path.startsWith('../') || path.startsWith('/')) return undefined;
    if (files.has(path)) return path;
  }
  return undefined;
}
