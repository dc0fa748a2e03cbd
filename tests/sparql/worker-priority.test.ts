// Query workers run below the thread that serves requests (nice 10 on Linux), so a runaway query
// never takes the core the gateway's event loop needs; the main thread is never lowered. The nice
// value of each thread is read from /proc/self/task/<tid>/stat (field 19).
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { QuadStore } from '../../src/rdf/quad-store.js';
import { runQuery } from '../../src/sparql/run.js';
import { queryWorkerBootFile } from '../../src/sparql/worker-file.js';
import { closeQueryWorkers } from '../../src/sparql/worker-pool.js';
import { lowerThisThread, threadId, WORKER_NICE } from '../../src/sparql/worker-priority.js';
import { toolTarget } from '../helpers/sparql-store.js';

const linux = process.platform === 'linux';

/** The nice value of a thread of this process. */
function niceOf(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, inside parentheses) start at field 3.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

afterAll(async () => {
  await closeQueryWorkers();
});

describe.runIf(linux)('query worker priority (Linux only: nice values read from /proc/self/task/<tid>/stat; skipped elsewhere)', () => {
  const mainNice = niceOf(process.pid);

  it('never lowers the main thread of a process', () => {
    expect([threadId(), lowerThisThread(), niceOf(process.pid)]).toEqual([process.pid, false, mainNice]);
  });

  /** Nice values of the threads a worker adds, once it has loaded its code and a graph (a message handled after its boot file's end). */
  async function addedNice(file: URL, workerData?: unknown): Promise<number[]> {
    const before = new Set(readdirSync('/proc/self/task').map(Number));
    const worker = new Worker(file, { workerData });
    try {
      const next = (kind: string): Promise<void> =>
        new Promise((resolve, reject) => {
          const onMessage = (message: { kind: string }): void => {
            if (message.kind !== kind) return;
            worker.off('message', onMessage);
            resolve();
          };
          worker.on('message', onMessage);
          worker.once('error', reject);
        });
      await next('ready');
      const loaded = next('loaded');
      worker.postMessage({ kind: 'load', snapshot: new QuadStore().snapshot(), profile: undefined });
      await loaded;
      return readdirSync('/proc/self/task')
        .map(Number)
        .filter((tid) => !before.has(tid))
        .map(niceOf);
    } finally {
      await worker.terminate();
    }
  }

  it.each([
    ['sparql', false],
    ['engine', false],
    ['sparql', true],
    ['engine', true],
  ])(
    'the query worker dist/%s/, behind the boot file with lowerFirst %s: its own thread lowered before it reads a query, and only it',
    async (folder, lowerFirst) => {
      const file = new URL(`../../dist/${folder}/query-worker.js`, import.meta.url);
      const lowered = Math.max(mainNice, WORKER_NICE);
      const added = await addedNice(queryWorkerBootFile(), { file: file.href, lowerFirst });
      expect(added.filter((nice) => nice === lowered && nice !== mainNice)).toEqual(lowered === mainNice ? [] : [lowered]);
      expect(niceOf(process.pid)).toBe(mainNice);
    },
  );

  it.each(['sparql', 'engine'])('the query worker dist/%s/ started without the boot file never lowers itself (the boot file chooses when)', async (folder) => {
    const added = await addedNice(new URL(`../../dist/${folder}/query-worker.js`, import.meta.url));
    expect(added.filter((nice) => nice !== mainNice)).toEqual([]);
  });

  /** The nice value a module sees as its first act, and the thread's once the boot file is done, started with `lowerFirst`. */
  async function bootNice(lowerFirst: boolean | undefined): Promise<[number, number]> {
    // A module that reports its own thread's nice value as its first act, then again when asked (a message is handled after the boot file's end).
    const probe = `data:text/javascript,${encodeURIComponent(
      "import { readFileSync } from 'node:fs'; import { parentPort } from 'node:worker_threads'; const nice = () => { const s = readFileSync('/proc/thread-self/stat', 'utf8'); return Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[16]); }; parentPort.postMessage(nice()); parentPort.on('message', () => parentPort.postMessage(nice()));",
    )}`;
    const worker = new Worker(queryWorkerBootFile(), { workerData: { file: probe, ...(lowerFirst === undefined ? {} : { lowerFirst }) } });
    try {
      const next = (): Promise<number> =>
        new Promise((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
      const first = await next();
      const asked = next();
      worker.postMessage('again');
      return [first, await asked];
    } finally {
      await worker.terminate();
    }
  }

  it.each([
    ['lowerFirst (a runaway replacement): lowered before the worker module loads', true, true],
    ['lowerFirst not given: the same', undefined, true],
    ["the pool's only worker: loads at the process's priority, lowered before it reads a message", false, false],
  ])('the boot file, %s', async (_, lowerFirst, loadsLowered) => {
    const lowered = Math.max(mainNice, WORKER_NICE);
    expect(await bootNice(lowerFirst)).toEqual([loadsLowered ? lowered : mainNice, lowered]);
  });

  it('a worker of the pool runs its queries lowered, and the main thread is not', async () => {
    const before = new Set(readdirSync('/proc/self/task').map(Number));
    await runQuery(toolTarget(), 'ASK { ?s ?p ?o }', { timeoutMs: 60_000 });
    const added = readdirSync('/proc/self/task')
      .map(Number)
      .filter((tid) => !before.has(tid));
    // The pool's worker thread is lowered (V8's own helper threads, shared by the process, are not).
    expect(added.map(niceOf).filter((nice) => nice === Math.max(mainNice, WORKER_NICE))).toHaveLength(mainNice >= WORKER_NICE ? added.length : 1);
    expect(niceOf(process.pid)).toBe(mainNice);
  });
});
