import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Diagnostic } from '../errors.js';
import { writeFileAtomic } from '../graph/atomic-write.js';
import { markerState, stamp } from './marker.js';

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
  let entries;
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

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Writes the documents of one source under `<outDir>/<source>/` (paths given relative to that
 * folder, already file-safe). Each text is stamped with the generated marker. A document that
 * is hand-written (no marker) or edited by hand (marker hash no longer matches) is never
 * overwritten or removed; generated documents of tools that disappeared are removed. Writes are
 * atomic (temp file + rename). Identical regeneration changes no byte.
 */
export async function writeSourceDocuments(outDir: string, source: string, documents: ReadonlyMap<string, string>): Promise<WriteSummary> {
  const dir = join(outDir, source);
  const summary: WriteSummary = { source, added: [], updated: [], removed: [], unchanged: 0, kept: [], diagnostics: [] };
  const show = (path: string): string => relative(outDir, path).split(sep).join('/');
  const wanted = new Set<string>();
  for (const [file, text] of [...documents].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const path = join(dir, file);
    if (!path.startsWith(dir + sep)) throw new Error(`document path escapes its source folder: ${file}`);
    wanted.add(path);
    const next = stamp(text);
    const current = await readText(path);
    if (current === next) {
      summary.unchanged += 1;
      continue;
    }
    if (current !== undefined && markerState(current) !== 'generated') {
      summary.kept.push(show(path));
      const why = markerState(current) === 'edited' ? 'was edited by hand since it was generated' : 'is hand-written (no generated marker)';
      summary.diagnostics.push({ code: 'MDKG_GENERATE_CONFLICT', severity: 'warning', message: `not overwritten: the document ${why}; delete it (or its 'generated' line) to regenerate`, file: show(path) });
      continue;
    }
    await writeFileAtomic(path, next);
    (current === undefined ? summary.added : summary.updated).push(show(path));
  }
  for (const path of (await listMarkdown(dir)).sort()) {
    if (wanted.has(path)) continue;
    const current = await readText(path);
    if (current === undefined) continue;
    const state = markerState(current);
    if (state === 'generated') {
      await rm(path, { force: true });
      summary.removed.push(show(path));
    } else if (state === 'edited') {
      summary.kept.push(show(path));
      summary.diagnostics.push({ code: 'MDKG_GENERATE_CONFLICT', severity: 'warning', message: 'the tool is gone from its source, but the document was edited by hand and is kept', file: show(path) });
    }
  }
  return summary;
}
