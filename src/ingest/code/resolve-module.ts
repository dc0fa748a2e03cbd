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

/** The folder of a Rust file's submodules: `src/lib.rs`, `src/a/mod.rs` -> their folder; `src/a.rs` -> `src/a`. */
function rustModuleDir(from: string): string {
  return /(^|\/)(lib|main|mod)\.rs$/.test(from) ? posix.dirname(from) : from.replace(/\.rs$/, '');
}

/**
 * Rust: `mod x` (a declaration without a body) names x.rs or x/mod.rs beside the declaring module;
 * `crate::a::b::C`, `self::…` and `super::…` name the file of the longest module path that exists
 * (the crate's root is the first `src/` folder of the path, or the file's folder). Other paths
 * name other crates.
 */
function rustCandidates(from: string, module: string): string[] {
  const own = rustModuleDir(from);
  if (module.startsWith('mod ')) {
    const name = module.slice(4);
    return [`${own}/${name}.rs`, `${own}/${name}/mod.rs`];
  }
  const segments = module.split('::');
  const head = segments[0];
  let dir: string;
  let root: string[];
  let skip = 1;
  if (head === 'crate') {
    const at = from.split('/').indexOf('src');
    dir =
      at < 0
        ? posix.dirname(from)
        : from
            .split('/')
            .slice(0, at + 1)
            .join('/');
    root = [`${dir}/lib.rs`, `${dir}/main.rs`];
  } else if (head === 'self') {
    dir = own;
    root = [from];
  } else if (head === 'super') {
    dir = own;
    for (skip = 0; segments[skip] === 'super'; skip += 1) dir = posix.dirname(dir);
    root = [`${dir}.rs`, `${dir}/mod.rs`, `${dir}/lib.rs`];
  } else return [];
  const rest = segments.slice(skip).filter((s) => s !== '*' && /^\w+$/.test(s));
  const out: string[] = [];
  for (let k = rest.length; k >= 1; k -= 1) {
    const base = posix.join(dir, ...rest.slice(0, k));
    out.push(`${base}.rs`, `${base}/mod.rs`);
  }
  return [...out, ...root];
}

/**
 * The file of this repository an import names, when it names one: relative JavaScript and
 * TypeScript specifiers (with the compiled-name mapping and index files) and Python modules
 * (relative, or absolute from the root), Rust module paths and module declarations (rustCandidates). Paths are relative to the root; one that would leave
 * the root is never returned.
 */
export function resolveModule(from: string, module: string, language: string, files: ReadonlySet<string>): string | undefined {
  let candidates: string[];
  if (language === 'python') candidates = pythonCandidates(from, module);
  else if ((language === 'typescript' || language === 'tsx' || language === 'javascript') && module.startsWith('.')) {
    candidates = javascriptCandidates(posix.join(posix.dirname(from), module));
  } else if (language === 'rust') candidates = rustCandidates(from, module);
  else return undefined;
  for (const c of candidates) {
    const path = posix.normalize(c.replace(/^\.\//, ''));
    if (path.startsWith('../') || path.startsWith('/')) return undefined;
    if (files.has(path)) return path;
  }
  return undefined;
}
