// `mdkg view` in a real browser (Debian's chromium, headless, through playwright-core): the built
// command on port 0 over a small graph; a query fills the result table, an update is refused with
// its code, a search shows its hits, clicking a hit centres its neighbourhood and opens its
// document, clicking a node in the graph centres that node; then the --static copy from file://.
// Nothing the page asks for leaves its own origin. One browser for the file.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchChromium, noBrowser } from '../helpers/chromium.js';
import { BIN, spawnCli } from '../helpers/cli.js';
import { writeFiles } from '../helpers/temp-dir.js';
import { NOTE_GROUP, READ_NOTE, VIEW_GRAPH } from '../helpers/view-graph.js';

if (noBrowser !== undefined) console.warn(`tests/view/page.test.ts skipped: ${noBrowser}`);

let dir: string;
let child: ChildProcess;
let url: string;
let browser: LaunchedBrowser;
let page: Page;
const foreign: string[] = [];

/** Starts `mdkg view` and resolves with the address it prints. */
function startView(graphs: string): Promise<string> {
  child = spawn(process.execPath, [BIN, 'view', '--graphs', graphs, '--no-cache'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /mdkg view: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`mdkg view exited with ${code}`)));
  });
}

beforeAll(async () => {
  if (noBrowser !== undefined) return;
  dir = await mkdtemp(join(tmpdir(), 'mdkg-view-page-'));
  await writeFiles(join(dir, 'graphs'), VIEW_GRAPH);
  [url, browser] = await Promise.all([startView(join(dir, 'graphs')), launchChromium()]);
  page = await browser.context.newPage();
  page.on('request', (r) => {
    if (!r.url().startsWith(url) && !r.url().startsWith('file://') && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready=true][data-sparql=ready]');
}, 60_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await browser?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

/** Replaces the editor's text (CodeMirror reads the keyboard) and runs the query. */
async function runQuery(text: string): Promise<void> {
  await page.click('#yasqe .CodeMirror');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  await page.evaluate("document.getElementById('yasr').removeAttribute('data-state')");
  await page.click('.yasqe_queryButton');
  await page.waitForSelector('#yasr[data-state]');
}

describe.skipIf(noBrowser !== undefined)('mdkg view in chromium', () => {
  it('runs a SPARQL query (prefixes preloaded) and shows the result table', async () => {
    await runQuery('SELECT ?name WHERE { ?t a mdkg:Tool ; mdkg:name ?name } ORDER BY ?name');
    expect(await page.getAttribute('#yasr', 'data-state')).toBe('done');
    expect(await page.locator('#yasr table tbody tr td:nth-child(2)').allTextContents()).toEqual(['delete_note', 'read_note']);
  });

  it('refuses an update query with its code', async () => {
    await runQuery('DELETE WHERE { ?s ?p ?o }');
    expect(await page.getAttribute('#yasr', 'data-state')).toBe('error');
    expect(await page.textContent('#status')).toMatch(/^MDKG_SPARQL_READ_ONLY: The graph is read-only/);
  });

  it('searches tools and shows confidence, annotations, required arguments and evidence', async () => {
    await page.fill('#search-input', 'delete a note');
    await page.press('#search-input', 'Enter');
    await page.waitForSelector('#hits li.hit');
    const hits = page.locator('#hits li.hit');
    expect(await hits.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(['tool:notes/delete_note', 'tool:notes/read_note']);
    expect(await hits.nth(0).locator('.tag').textContent()).toBe('destructive');
    expect(await hits.nth(0).locator('.confidence').textContent()).toMatch(/^0\.\d\d$/);
    expect(await hits.nth(1).locator('.required').textContent()).toBe('required: name');
    expect(await hits.nth(0).locator('.evidence').textContent()).toMatch(/^bm25: /);
  });

  it('centres a clicked hit: its neighbourhood, edge labels, and its document with lines', async () => {
    await page.click(`#hits li.hit[data-id="tool:notes/read_note"] a.node`);
    await page.waitForSelector(`#graph[data-center="I${READ_NOTE}"]`);
    expect(await page.getAttribute('#graph', 'data-nodes')).toBe('4');
    expect(await page.locator('#edges li').allTextContents()).toEqual([
      'Read Note rdf:type mdkg:Tool',
      'Read Note mdkg:memberOf note',
      'Read Note mdkg:parameter tool:notes/read_note#param-name',
    ]);
    expect(await page.textContent('#document-path')).toBe('tools/notes/read_note.md');
    const rows = await page.locator('#triples tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    expect(rows).toContainEqual(['4', 'tool:notes/read_note', 'schema:name', 'Read Note']);
  });

  it('centres a node clicked in the graph', async () => {
    await page.locator('#graph').scrollIntoViewIfNeeded();
    // Where Cytoscape drew the node (the page exposes its graph as window.mdkgView for tests and
    // benchmarks), read again before each click: on a loaded machine a frame of the page may still
    // move it. A real mouse click; up to three, each given 5 s to centre the node.
    const target = `#graph[data-center="I${NOTE_GROUP}"]`;
    for (let attempt = 1; ; attempt += 1) {
      const at = (await page.evaluate(`(() => {
        const cy = window.mdkgView.graph.cy;
        cy.resize();
        const p = cy.$id(${JSON.stringify(`I${NOTE_GROUP}`)}).renderedPosition();
        const box = cy.container().getBoundingClientRect();
        return { x: box.left + p.x, y: box.top + p.y };
      })()`)) as { x: number; y: number };
      await page.mouse.click(at.x, at.y);
      const centred = await page.waitForSelector(target, { timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (centred) break;
      if (attempt === 3) throw new Error(`three clicks at the node did not centre it`);
    }
    expect(await page.getAttribute('#graph', 'data-nodes')).toBe('4');
    expect(await page.textContent('#document-path')).toBe('tools/notes/_groups/note.md');
  });

  it("draws a request's plan: the step, the value read from the request", async () => {
    await page.fill('#search-input', 'read the note named todo');
    await page.click('#plan-button');
    // The plan's own steps, not a centre an earlier test may have left on the same node.
    await page.waitForSelector('#hits li.plan-step');
    await page.waitForSelector(`#graph[data-center="I${READ_NOTE}"]`);
    expect(await page.locator('#hits li.plan-step').allTextContents()).toEqual(["s1 tool:notes/read_note (target): name ← 'todo'"]);
    expect(await page.locator('#edges li').allTextContents()).toEqual(['todo name s1 tool:notes/read_note']);
    expect(await page.getAttribute('#graph', 'data-nodes')).toBe('2');
  });

  it('shows the schema overview', async () => {
    expect(await page.textContent('#schema-summary')).toBe('4 documents · 31 triples · 3 classes · 12 predicates · 1 diagnostics');
    expect(await page.locator('#folders tbody tr').allTextContents()).toEqual(['guides1', 'tools/notes2', 'tools/notes/_groups1']);
  });

  it('writes a --static copy that works from file:// with the graph embedded', async () => {
    const site = join(dir, 'site');
    const written = spawnCli(['view', '--static', site, '--graphs', join(dir, 'graphs'), '--no-cache'], dir);
    expect([written.code, written.stdout]).toEqual([0, expect.stringMatching(/^mdkg view: wrote .*index\.html \(4 documents, \d+ KiB\)\n$/)]);
    const copy = await browser.context.newPage();
    await copy.goto(pathToFileURL(join(site, 'index.html')).href);
    await copy.waitForSelector('body[data-ready=true][data-sparql=ready]');
    expect(await copy.textContent('#mode')).toBe('static copy');
    expect(await copy.isVisible('#sparql-note')).toBe(true);
    await copy.fill('#search-input', 'read note');
    await copy.press('#search-input', 'Enter');
    await copy.click('#hits li.hit a.node');
    await copy.waitForSelector(`#graph[data-center="I${READ_NOTE}"]`);
    expect(await copy.locator('#edges li').count()).toBe(3);
    expect(await copy.textContent('#document-path')).toBe('tools/notes/read_note.md');
    await copy.close();
  });

  it('asks nothing of any other origin', () => {
    expect(foreign).toEqual([]);
  });
});
