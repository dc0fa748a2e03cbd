// `npm run docs:screenshots`: the pictures of docs/view.md, taken of `mdkg view` on the bundled
// graph (graphs/) in Debian's chromium, headless: the SPARQL box with its table, a search with
// its hits beside the neighbourhood of the first hit, and that hit's document panel. Written to
// docs/images/view-*.png (each written whole, then renamed over the old one).
import { type ChildProcess, spawn } from 'node:child_process';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, noBrowser } from '../tests/helpers/chromium.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(REPO, 'docs', 'images');

function startView(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(REPO, 'bin', 'mdkg.js'), 'view', '--graphs', join(REPO, 'graphs')], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /mdkg view: (http:\/\/\S+\/)/.exec(out);
      if (m?.[1] !== undefined) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`mdkg view exited with ${code}`)));
  });
}

async function save(name: string, png: Buffer): Promise<void> {
  const path = join(OUT, name);
  await writeFile(`${path}.tmp`, png);
  await rename(`${path}.tmp`, path);
  process.stdout.write(`${path} (${Math.round(png.length / 1024)} KiB)\n`);
}

async function main(): Promise<void> {
  const { child, url } = await startView();
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1200, height: 760 });
    await page.goto(url);
    await page.waitForSelector('body[data-ready=true][data-sparql=ready]');
    await page.click('#yasqe .CodeMirror');
    await page.keyboard.press('Control+End');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Shift+End');
    await page.keyboard.insertText(
      'SELECT ?tool ?source (COUNT(?p) AS ?parameters) WHERE {\n  ?tool a mdkg:Tool ; mdkg:source ?source .\n  OPTIONAL { ?tool mdkg:parameter ?p }\n} GROUP BY ?tool ?source ORDER BY DESC(?parameters) LIMIT 6',
    );
    await page.click('.yasqe_queryButton');
    await page.waitForSelector('#yasr[data-state=done]');
    await save('view-sparql.png', await page.locator('#query-panel').screenshot());
    await page.fill('#search-input', 'delete entities from the knowledge graph');
    await page.press('#search-input', 'Enter');
    await page.waitForSelector('#hits li.hit');
    await page.click('#hits li.hit a.node');
    await page.waitForSelector('#graph[data-center]');
    await page.evaluate('document.querySelector("#graph-panel details").open = true');
    const search = await page.locator('#search-panel').boundingBox();
    const graph = await page.locator('#graph-panel').boundingBox();
    if (search !== null && graph !== null) {
      const y = Math.min(search.y, graph.y);
      await save(
        'view-search-graph.png',
        await page.screenshot({ fullPage: true, clip: { x: search.x, y, width: graph.x + graph.width - search.x, height: 520 } }),
      );
    }
    const doc = await page.locator('#document-panel').boundingBox();
    if (doc !== null)
      await save(
        'view-document.png',
        await page.screenshot({ fullPage: true, clip: { x: doc.x, y: doc.y, width: doc.width, height: Math.min(doc.height, 420) } }),
      );
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}

if (noBrowser !== undefined) {
  process.stderr.write(`docs:screenshots: ${noBrowser}\n`);
  process.exitCode = 1;
} else await main();
