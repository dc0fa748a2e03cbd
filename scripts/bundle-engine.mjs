// `npm run build`, third step: the SPARQL query worker as one file, dist/engine/query-worker.js, with
// Comunica and every package it loads inside (esbuild, from the JavaScript tsc wrote to dist/).
// Why: @comunica/actor-http-fetch 5.3+ asks for undici ^8, which needs Node >= 22.19 and throws
// while it loads on Node 20 (zlib.createZstdDecompress is missing), so building the engine fails
// before any query, even one that fetches nothing. The `overrides` entry in package.json pins
// undici 7 in this checkout, but npm ignores the overrides of a dependency, so an installed mdkg
// would get undici 8. Bundled here, the engine carries the undici 7 of this checkout, and Comunica
// is a devDependency: an install never fetches it, nor undici 8. The bundle also loads faster than
// the ~1,900 modules it holds (docs/performance.md). Only the query worker runs the engine;
// worker-pool.ts starts this file when it is at least as new as dist/sparql/query-worker.js.
// Files read at run time are named from dist/<folder>/ ('../../schemas/'), as from dist/engine/.
// The licences of the bundled packages go next to it (THIRD-PARTY-LICENSES.txt).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const outdir = join(root, 'dist', 'engine');
rmSync(outdir, { recursive: true, force: true });

// CommonJS code inside an ES module bundle still calls require() for Node's built-in modules and
// reads __dirname (yargs, Comunica's CLI parts, which a query never runs): give it both.
const banner = [
  "import { createRequire as __mdkgCreateRequire } from 'node:module';",
  "import { fileURLToPath as __mdkgFileURLToPath } from 'node:url';",
  "import { dirname as __mdkgDirname } from 'node:path';",
  'const require = __mdkgCreateRequire(import.meta.url);',
  'const __filename = __mdkgFileURLToPath(import.meta.url);',
  'const __dirname = __mdkgDirname(__filename);',
].join(' ');

const result = await build({
  entryPoints: { 'query-worker': join(root, 'dist', 'sparql', 'query-worker.js') },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  banner: { js: banner },
  legalComments: 'none',
  // Old URL code in the engine's dependencies (tr46, whatwg-url) requires Node's built-in punycode,
  // which Node 22 flags as deprecated on stderr at every query: the userland package of the same
  // code (the one Node's own module was copied from) is bundled instead.
  // asynciterator ships a CommonJS and an ES module build: Comunica require()s the first, and the
  // worker's task guard (src/sparql/task-guard.ts) imports the package too. Both must be the one
  // instance whose task scheduler Comunica's streams use.
  alias: { punycode: 'punycode/', asynciterator: join(root, 'node_modules', 'asynciterator', 'dist', 'asynciterator.js') },
  metafile: true,
  logLevel: 'warning',
});

/** The folder of the package that holds a bundled file (the innermost node_modules/<name>). */
function packageDir(input) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  return match === null ? undefined : join(root, match[1]);
}

const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const dir = packageDir(input);
  if (dir === undefined || packages.has(dir)) continue;
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const licenceFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
  const text = licenceFile === undefined ? `(no licence file; package.json says ${manifest.license ?? 'nothing'})` : readFileSync(join(dir, licenceFile), 'utf8').trim();
  packages.set(dir, `${manifest.name}@${manifest.version} (${manifest.license ?? 'unknown'})\n\n${text}\n`);
}
const notices = [...packages.values()].sort();
writeFileSync(
  join(outdir, 'THIRD-PARTY-LICENSES.txt'),
  `dist/engine/query-worker.js bundles these ${notices.length} packages (scripts/bundle-engine.mjs).\n\n${notices.join(`\n${'-'.repeat(72)}\n\n`)}`,
);
