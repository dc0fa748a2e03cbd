// `npm run build`, last step: the page of `mdkg view` in dist/view/assets/ (index.html; app.js and
// app.css with Cytoscape.js; sparql.js and sparql.css with YASQE and YASR, loaded after the page is
// drawn), from web/view/ (esbuild).
// The page loads nothing else: no network at run time, and the packages are devDependencies (an
// install gets the built files only). The licences of the bundled packages go beside it.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const outdir = join(root, 'dist', 'view', 'assets');
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const result = await build({
  entryPoints: { app: join(root, 'web', 'view', 'main.ts'), sparql: join(root, 'web', 'view', 'sparql-box.ts') },
  outdir,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  loader: { '.svg': 'dataurl', '.png': 'dataurl', '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.eot': 'dataurl' },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
copyFileSync(join(root, 'web', 'view', 'index.html'), join(outdir, 'index.html'));

const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (match === null || packages.has(match[1])) continue;
  const dir = join(root, match[1]);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const licenceFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
  const text = licenceFile === undefined ? `(no licence file; package.json says ${manifest.license ?? 'nothing'})` : readFileSync(join(dir, licenceFile), 'utf8').trim();
  packages.set(match[1], `${manifest.name}@${manifest.version} (${manifest.license ?? 'unknown'})\n\n${text}\n`);
}
const notices = [...packages.values()].sort();
writeFileSync(join(outdir, 'THIRD-PARTY-LICENSES.txt'), `app.js, app.css, sparql.js and sparql.css bundle these ${notices.length} packages (scripts/bundle-view.mjs).\n\n${notices.join(`\n${'-'.repeat(72)}\n\n`)}`);
