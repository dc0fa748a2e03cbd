import { readFileSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Diagnostic } from '../errors.js';
import { AtomicWriter } from './atomic-files.js';
import { markerState, stamp } from './marker.js';
import { sweepStale } from '../util/cleanup.js';
import { TEMP_FILE } from '../graph/atomic-write.js';

/** What generating one source changed on disk. Paths are relative to the output folder. */
export interface WriteSummary {
  source: string;
  added: string[];
  updated: string[];
  removed: string[];
  unchanged: number;
  /** Documents left alone because they are hand-written or were edited by hand. */
  kept: string[];
  diagnostics: Diagnostic[];
}

async function listMarkdown(dir: string): Promise<string[]> {
  const out: string[] = [];
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith('.')) out.push(...(await listMarkdown(path)));
    else if (entry.isFile() && entry.name.endsWith('.md')) out.push(path);
  }
  return out;
}

/** Names compared as a case-insensitive, normalizing file system would (a false match only costs a read). */
const entryKey = (path: string): string => path.normalize('NFC').toLowerCase();

/**
 * Every entry (of any type) in these folders, as entryKey: a document whose path is not among
 * them does not exist yet and is written without reading it first (a first generation).
 */
async function entriesIn(dirs: Iterable<string>): Promise<Set<string>> {
  const out = new Set<string>();
  for (const d of dirs) {
    let names: string[];
    try {
      names = await readdir(d);
    } catch {
      continue;
    }
    for (const name of names) out.add(entryKey(join(d, name)));
  }
  return out;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Documents are read, compared and written with blocking calls, one after the other: through
 * the thread pool, each costs several round trips (open, write, close, rename), and even 64 in
 * flight took twice the CPU time of the blocking calls (10,533 documents: ~1.1 s against ~0.6 s,
 * ext4, 2 cores). The event loop gets a turn every YIELD_EVERY documents.
 */
const YIELD_EVERY = 256;

function readTextSync(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

type Outcome = 'added' | 'updated' | 'unchanged' | 'edited' | 'hand-written';

/**
 * Writes one stamped document unless it is unchanged, hand-written or edited by hand. `listed`:
 * the file was there when the folder was listed (a file that was not is not read first).
 */
function writeOne(writer: AtomicWriter, path: string, text: string, listed: boolean): Outcome {
  const next = stamp(text);
  const current = listed ? readTextSync(path) : undefined;
  if (current === next) return 'unchanged';
  if (current !== undefined) {
    const state = markerState(current);
    if (state !== 'generated') return state;
  }
  writer.writeSync(path, next);
  return current === undefined ? 'added' : 'updated';
}

/**
 * Writes the documents of one source under `<outDir>/<source>/` (paths given relative to that
 * folder, already file-safe). Each text is stamped with the generated marker. A document that
 * is hand-written (no marker) or edited by hand (marker hash no longer matches) is never
 * overwritten or removed; generated documents of tools that disappeared are removed. Writes are
 * atomic (temp file + rename). Identical regeneration changes no byte. Documents are handled in
 * path order, one after the other; the summary lists them in path order.
 */
export async function writeSourceDocuments(
  outDir: string,
  source: string,
  documents: ReadonlyMap<string, string>,
  keep: ReadonlySet<string> = new Set(),
): Promise<WriteSummary> {
  const dir = join(outDir, source);
  // Temp files a killed run left (`*.<pid>.<hex>.tmp` of a process that is gone) are removed.
  for (const folder of [dir, join(dir, '_groups')]) sweepStale(folder, TEMP_FILE);
  const summary: WriteSummary = { source, added: [], updated: [], removed: [], unchanged: 0, kept: [], diagnostics: [] };
  const show = (path: string): string => relative(outDir, path).split(sep).join('/');
  const files = [...documents]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([file, text]) => {
      const path = join(dir, file);
      if (!path.startsWith(dir + sep)) throw new Error(`document path escapes its source folder: ${file}`);
      return { path, text };
    });
  const wanted = new Set(files.map((f) => f.path));
  const present = await entriesIn(new Set(files.map((f) => dirname(f.path))));
  // Two names for one file (`a.md`, `./a.md`): the second must read what the first wrote.
  const unique = wanted.size === files.length;
  const writer = new AtomicWriter();
  const outcomes: Outcome[] = [];
  for (const f of files) {
    if (outcomes.length > 0 && outcomes.length % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    outcomes.push(writeOne(writer, f.path, f.text, !unique || present.has(entryKey(f.path))));
  }
  files.forEach(({ path }, i) => {
    const outcome = outcomes[i];
    if (outcome === 'unchanged') summary.unchanged += 1;
    else if (outcome === 'added' || outcome === 'updated') (outcome === 'added' ? summary.added : summary.updated).push(show(path));
    else {
      summary.kept.push(show(path));
      const why = outcome === 'edited' ? 'was edited by hand since it was generated' : 'is hand-written (no generated marker)';
      summary.diagnostics.push({
        code: 'MDKG_GENERATE_CONFLICT',
        severity: 'warning',
        message: `not overwritten: the document ${why}; delete the file to have it regenerated`,
        file: show(path),
      });
    }
  });
  const kept = new Set([...keep].map((file) => join(dir, file)));
  for (const path of (await listMarkdown(dir)).sort()) {
    if (wanted.has(path) || kept.has(path)) continue;
    const current = await readText(path);
    if (current === undefined) continue;
    const state = markerState(current);
    if (state === 'generated') {
      await rm(path, { force: true });
      summary.removed.push(show(path));
    } else if (state === 'edited') {
      summary.kept.push(show(path));
      summary.diagnostics.push({
        code: 'MDKG_GENERATE_CONFLICT',
        severity: 'warning',
        message: 'the tool is gone from its source, but the document was edited by hand and is kept',
        file: show(path),
      });
    }
  }
  return summary;
}
