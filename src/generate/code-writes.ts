import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Diagnostic } from '../errors.js';
import { type FolderListing, type FolderListings, listFolder } from '../ingest/code/folder-listing.js';
import type { AtomicWriter } from './atomic-files.js';
import { markerState } from './marker.js';

// Reading, writing and removing code documents, with the generated marker's rules: a document
// without the marker is hand-written and never touched; one whose marker no longer matches was
// edited by hand and is kept.

/** What a run did to documents, as generate-code.ts reports it. */
export interface DocumentChanges {
  removed: string[];
  kept: string[];
  diagnostics: Diagnostic[];
}

/**
 * Every `.md` file under `outDir/<scope>` (absolute paths), with the listings of its folders (keys
 * relative to `outDir`, `''` or `a/b/`): a folder whose times are unchanged since `previous` is not
 * listed again (folder-listing.ts). None when the folder does not exist.
 */
export function listDocuments(outDir: string, scope: string, previous: FolderListings, now: number): { paths: string[]; folders: FolderListings } {
  const paths: string[] = [];
  const folders = Object.create(null) as FolderListings;
  const visit = (rel: string): void => {
    const abs = rel === '' ? outDir : join(outDir, rel);
    let listing: FolderListing;
    try {
      listing = listFolder(abs, previous[rel], now, (name) => name.endsWith('.md'));
    } catch {
      return;
    }
    folders[rel] = listing;
    for (const name of listing.files) paths.push(join(abs, name));
    for (const name of listing.dirs) visit(`${rel}${name}/`);
  };
  visit(scope);
  return { paths, folders };
}

export type Outcome = 'added' | 'updated' | 'unchanged' | 'kept';

/** Blocking, like the tool writer: many small files in a row cost half the CPU time of asynchronous calls. */
export function writeIfGenerated(writer: AtomicWriter, path: string, text: string, exists: boolean): Outcome {
  let current: string | undefined;
  try {
    current = exists ? readFileSync(path, 'utf8') : undefined;
  } catch {
    current = undefined;
  }
  if (current === text) return 'unchanged';
  if (current !== undefined && markerState(current) !== 'generated') return 'kept';
  writer.writeSync(path, text);
  return current === undefined ? 'added' : 'updated';
}

/** Generated documents whose source file is gone are removed; hand-written ones stay, edited ones stay with a diagnostic. */
export async function removeStale(present: ReadonlySet<string>, wanted: ReadonlySet<string>, outDir: string, report: DocumentChanges): Promise<void> {
  for (const path of [...present].sort()) {
    if (wanted.has(path)) continue;
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const rel = path
      .slice(outDir.length + 1)
      .split(sep)
      .join('/');
    const state = markerState(text);
    if (state === 'generated') {
      await rm(path, { force: true });
      report.removed.push(rel);
    } else if (state === 'edited') {
      report.kept.push(rel);
      report.diagnostics.push({
        code: 'MDKG_GENERATE_CONFLICT',
        severity: 'warning',
        message: 'the source file is gone, but the document was edited by hand and is kept',
        file: rel,
      });
    }
  }
}
