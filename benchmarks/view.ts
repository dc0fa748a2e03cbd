/**
 * `mdkg view` in the browser: first paint and a 500-node neighbourhood, in Debian's chromium.
 *
 *   npm run bench:view                       # the bundled graph (graphs/) and 10,000 synthetic tools
 *   npm run bench:view -- --tools 2000 --runs 5 --json
 *
 * For each graph, the built `mdkg view` is started on port 0 (not timed: loading the graph and
 * building the index is the CLI's start, measured by bench:graph and bench:search), then a fresh
 * page is opened `--runs` times (default 3) and the median is reported of:
 *   first paint     the browser's first-contentful-paint entry
 *   ready           navigation start to the page being usable: schema shown, search and graph
 *                   set up (the page's mark mdkg-ready)
 *   SPARQL ready    navigation start to the SPARQL box (YASQE, YASR: their own script, loaded
 *                   after the page is drawn) being usable (mark mdkg-sparql)
 * and, on one page, `--runs` times: a neighbourhood of up to 500 edges (the class with the most
 * instances, with its first 500), fetched, laid out and drawn: from the call to the second
 * animation frame after Cytoscape drew it, in wall time and in the renderer main thread's CPU time
 * (Chrome's ThreadTime metric; it includes the evaluate call's own small cost). The synthetic catalog is benchmarks/synthetic-tools.ts (seed 42),
 * written to a temp folder that is removed. Targets: first paint and ready <= 1 s, 500 nodes <= 1 s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launchChromium, noBrowser } from '../tests/helpers/chromium.js';
import { generateTools, writeTools } from './synthetic-tools.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(REPO, 'bin', 'mdkg.js');

const { values } = parseArgs({ options: { tools: { type: 'string' }, runs: { type: 'string' }, json: { type: 'boolean' } } });
const size = Number(values.tools ?? 10_000);
const runs = Number(values.runs ?? 3);

function startView(graphs: string): Promise<{ child: ChildProcess; url: string; startMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'view', '--graphs', graphs], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /mdkg view: (http:\/\/\S+\/)/.exec(out);
      if (m?.[1] !== undefined) resolve({ child, url: m[1], startMs: performance.now() - started });
    });
    child.once('exit', (code) => reject(new Error(`mdkg view exited with ${code}`)));
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Row {
  graph: string;
  startMs: number;
  firstPaintMs: number;
  readyMs: number;
  sparqlReadyMs: number;
  neighbourhood500Ms: number;
  neighbourhood500CpuMs: number;
  nodes: number;
}

async function measure(name: string, graphs: string): Promise<Row> {
  const { child, url, startMs } = await startView(graphs);
  const browser = await launchChromium();
  try {
    const paints: number[] = [];
    const readies: number[] = [];
    const sparqlReadies: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const page = await browser.context.newPage();
      await page.goto(url);
      await page.waitForSelector('body[data-ready=true]', { timeout: 60_000 });
      await page.waitForSelector('body[data-sparql=ready]', { timeout: 60_000 });
      // The page's own marks (web/view/main.ts), relative to navigation start: no round trips counted.
      const t = (await page.evaluate(`(() => {
        const mark = (name) => performance.getEntriesByName(name)[0].startTime;
        return { fcp: mark('first-contentful-paint'), ready: mark('mdkg-ready'), sparql: mark('mdkg-sparql') };
      })()`)) as { fcp: number; ready: number; sparql: number };
      paints.push(t.fcp);
      readies.push(t.ready);
      sparqlReadies.push(t.sparql);
      await page.close();
    }
    const page = await browser.context.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-ready=true]', { timeout: 60_000 });
    const biggest = (await page.evaluate(
      `fetch('api/schema').then((r) => r.json()).then((s) => s.classes.sort((a, b) => b.instances - a.instances)[0].iri)`,
    )) as string;
    const draws: number[] = [];
    const drawCpu: number[] = [];
    let nodes = 0;
    // The renderer's main-thread CPU time (Chrome's ThreadTime metric): what the page itself spent,
    // which other processes on a busy machine do not stretch the way they stretch wall time.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const threadTime = async (): Promise<number> =>
      ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
    for (let i = 0; i < runs; i += 1) {
      const before = await threadTime();
      const r = (await page.evaluate(`(async () => {
        const started = performance.now();
        await window.mdkgView.showNode(${JSON.stringify(biggest)}, 500);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        return { ms: performance.now() - started, nodes: window.mdkgView.graph.cy.nodes().length };
      })()`)) as { ms: number; nodes: number };
      drawCpu.push((await threadTime()) - before);
      draws.push(r.ms);
      nodes = r.nodes;
    }
    return {
      graph: name,
      startMs: Math.round(startMs),
      firstPaintMs: Math.round(median(paints)),
      readyMs: Math.round(median(readies)),
      sparqlReadyMs: Math.round(median(sparqlReadies)),
      neighbourhood500Ms: Math.round(median(draws)),
      neighbourhood500CpuMs: Math.round(median(drawCpu)),
      nodes,
    };
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  process.stderr.write('bench:view: the bundled graph\n');
  rows.push(await measure('graphs/ (bundled)', join(REPO, 'graphs')));
  const dir = await mkdtemp(join(tmpdir(), 'mdkg-bench-view-'));
  try {
    process.stderr.write(`bench:view: writing ${size} synthetic tools\n`);
    await writeTools(dir, generateTools(size));
    rows.push(await measure(`${size} synthetic tools`, dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (values.json === true) {
    process.stdout.write(`${JSON.stringify({ cpus: cpus().length, cpu: cpus()[0]?.model, loadavg: loadavg()[0], runs, rows }, null, 2)}\n`);
    return;
  }
  process.stdout.write(`chromium headless, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average ${loadavg()[0]?.toFixed(1)}, median of ${runs}\n`);
  process.stdout.write(
    '| graph | server start | first paint | ready | SPARQL ready | 500-edge neighbourhood (nodes) | its main-thread CPU |\n|---|---:|---:|---:|---:|---:|---:|\n',
  );
  for (const r of rows)
    process.stdout.write(
      `| ${r.graph} | ${r.startMs} ms | ${r.firstPaintMs} ms | ${r.readyMs} ms | ${r.sparqlReadyMs} ms | ${r.neighbourhood500Ms} ms (${r.nodes}) | ${r.neighbourhood500CpuMs} ms |\n`,
    );
}

if (noBrowser !== undefined) {
  process.stderr.write(`bench:view: ${noBrowser}\n`);
  process.exitCode = 1;
} else {
  await main();
}
