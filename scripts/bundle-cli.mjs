// `npm run build`, second step: the CLI as a few ES modules in dist/bundle/ (esbuild, from the
// JavaScript tsc wrote to dist/). Node 20 has no compile cache, and resolving, reading and compiling
// about 90 small modules was half of a warm `mdkg search` (issue 13); bundled, a command loads its
// own chunk and the chunks it shares. Packages stay external (loaded from node_modules as before);
// each command is still imported only when it runs (code splitting keeps the dynamic imports).
// Files found next to a module at run time are named from dist/<folder>/ ('../lexicon/data/…',
// '../graph/parse-worker.js', '../../schemas/'), so they resolve the same from dist/bundle/.
// bin/mdkg.js runs the bundle when it is at least as new as dist/cli/main.js, else the modules.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const outdir = join(root, 'dist', 'bundle');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: join(root, 'dist', 'cli', 'main.js') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: '[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
});
