// The fingerprint of a graph's document files, which keys the persisted search index
// (index-cache.ts): every file's path and identity (util/file-identity.ts), hashed in path order.
// A warm search of a large graph takes it on a worker thread (fingerprint-worker.ts) while this
// thread reads, verifies and decodes the index file and loads the search modules: at 10,000
// documents the 10,000 `lstat` calls were the largest part of a warm `mdkg search`.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { ScannedFile } from '../graph/scan.js';
import { fileIdentity } from '../util/file-identity.js';

export interface Fingerprint {
  /** sha256 of every file's path, size, device, inode, mtime and ctime, in path order. */
  digest: string;
  /** The latest mtime or ctime of any file, in ms since the epoch. */
  newest: number;
  /** When the fingerprint was taken (ms since the epoch). */
  takenAt: number;
}

/** Fewer files than this are fingerprinted on this thread: a worker costs this thread about 10 ms and takes 30–50 ms to start. */
export const WORKER_MIN_FILES = 2000;

/** The fingerprint of the document files a scan found (`lstat`: a link is its own file; blocking calls, thousands of them, are faster than awaiting each). */
export function fingerprint(files: readonly ScannedFile[]): Fingerprint {
  const takenAt = Date.now();
  let newest = 0;
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // One line per file, hashed at once (one update per file was a tenth of the fingerprint).
  const lines = new Array<string>(sorted.length);
  for (let i = 0; i < sorted.length; i += 1) {
    const file = sorted[i] as ScannedFile;
    const id = fileIdentity(file.absolute);
    lines[i] = `${file.path}\0${id?.key ?? 'missing'}\n`;
    if (id !== undefined) newest = Math.max(newest, id.changedAt);
  }
  return { digest: createHash('sha256').update(lines.join('')).digest('hex'), newest, takenAt };
}

const isFingerprint = (m: unknown): m is Fingerprint =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as Fingerprint).digest === 'string' &&
  typeof (m as Fingerprint).newest === 'number' &&
  typeof (m as Fingerprint).takenAt === 'number';

/**
 * The same fingerprint, taken on a worker thread when there are many files (the same function runs
 * there); a worker that cannot start, fails or answers anything else leaves it to this thread.
 */
export function fingerprintSoon(files: readonly ScannedFile[], minFiles = WORKER_MIN_FILES): Promise<Fingerprint> {
  if (files.length < minFiles) return Promise.resolve(fingerprint(files));
  return new Promise((resolve) => {
    let settled = false;
    const fallback = (): void => {
      if (settled) return;
      settled = true;
      resolve(fingerprint(files));
    };
    let worker: Worker;
    try {
      // Run from the TypeScript sources (the tests), the worker is the built one in dist/, as for the parse workers.
      const fromSource = import.meta.url.endsWith('.ts');
      worker = new Worker(new URL(fromSource ? '../../dist/search/fingerprint-worker.js' : '../search/fingerprint-worker.js', import.meta.url), {
        workerData: files.map((f) => ({ path: f.path, absolute: f.absolute })),
      });
    } catch {
      fallback();
      return;
    }
    worker.unref();
    worker.once('message', (m: unknown) => {
      if (settled) return;
      if (!isFingerprint(m)) return fallback();
      settled = true;
      resolve(m);
    });
    worker.once('error', fallback);
    worker.once('exit', fallback);
  });
}
