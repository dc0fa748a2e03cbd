import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Diagnostic, isMdkgError, MdkgError } from '../errors.js';
import { textLanguageFor } from '../ingest/code/blocks.js';
import { languageFor } from '../ingest/code/languages.js';
import { resolveModule } from '../ingest/code/resolve-module.js';
import { walkSources, type WalkedFile } from '../ingest/code/walk.js';
import { readRegularFileSync } from '../util/read-file.js';
import { AtomicWriter } from './atomic-files.js';
import { codeDocumentPath } from './code-paths.js';
import { type FolderListings, trusted } from '../ingest/code/folder-listing.js';
import { emptyCodeState, readCodeState, sameEntries, writeCodeState, type CodeFileState, type CodeState } from './code-state.js';
import { encodeFileName } from './file-names.js';
import { generatedInput, guardOutput, isGeneratedDocument } from './code-guards.js';
import { listDocuments, removeStale, writeIfGenerated } from './code-writes.js';
import type { WriteSummary } from './write-documents.js';

export interface GenerateCodeOptions {
  /** The repository root: document ids and paths are relative to it. */
  root: string;
  /** The folder to walk, relative to the root (`/`-separated); default the whole root. */
  start?: string;
  /** Output folder (absolute), e.g. `<root>/graphs/code`. */
  outDir: string;
  /** Where the incremental state is kept (`<root>/.mdkg/code-state.json`); none: every file is read. */
  statePath?: string;
  maxFileBytes?: number;
  /** Absolute folders not to walk besides the output folder (the rest of the graph folder). */
  exclude?: readonly string[];
  /** The graph folder (absolute): an output folder in it must be one loading reads (code-guards.ts). */
  graphsDir?: string;
  /** The run's clock (ms since the epoch; default now): times within RECENT_MS of it are not trusted next run. For tests. */
  now?: number;
}

/** What a run changed. Document paths are relative to the output folder. */
export interface CodeReport extends Omit<WriteSummary, 'source'> {
  out: string;
  /** Source files found. */
  files: number;
  /** Files read and parsed in this run (the others were unchanged). */
  parsed: number;
  /** Symbols of all files found. */
  symbols: number;
}

const YIELD_EVERY = 64;

function resolutions(path: string, language: string, modules: Iterable<string>, files: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const m of modules) out[m] = resolveModule(path, m, language, files) ?? '';
  return out;
}

const sameResolutions = (before: Record<string, string>, path: string, language: string, files: ReadonlySet<string>): boolean =>
  Object.entries(resolutions(path, language, Object.keys(before), files)).every(([m, f]) => before[m] === f);

async function assertRealFolder(dir: string): Promise<void> {
  const s = await lstat(dir).catch(() => undefined);
  if (s !== undefined && !s.isDirectory()) {
    throw new MdkgError('MDKG_PATH_ESCAPE', `${dir} is ${s.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}: documents are never written through it`, {
      file: dir,
    });
  }
}

/**
 * The rest of the no-change check, once the walked folder's hash is the last run's (same files,
 * sizes and times): every output folder's listing is the last run's (no document added, removed or
 * replaced since, which a run that wrote one would also have changed), there is one document per
 * file, and every file's state is trusted and matches. Then every file would take the "unchanged,
 * not read" path of the loop, and the loop is skipped.
 */
function nothingElseChanged(state: CodeState, files: readonly WalkedFile[], documents: { paths: string[]; folders: FolderListings }, scope: string): boolean {
  if (documents.paths.length !== files.filter((f) => state.files[f.path]?.generated !== true).length) return false;
  const listed = Object.entries(documents.folders);
  if (listed.length !== Object.keys(state.outFolders).filter((k) => k.startsWith(scope)).length) return false;
  if (!listed.every(([k, v]) => state.outFolders[k] === v)) return false;
  return files.every((f) => {
    const before = state.files[f.path];
    return before !== undefined && before.mtimeMs !== -1 && before.size === f.size && before.mtimeMs === f.mtimeMs && before.ctimeMs === f.ctimeMs;
  });
}

/**
 * Generates one Markdown-LD document per source file under `outDir` (`<path>.md`), incrementally:
 * unchanged files (same size and modification time, or same hash) are neither parsed nor
 * written; documents of files that are gone are removed; hand-written documents (no generated
 * marker) are never touched, and documents edited by hand are kept with a diagnostic.
 */
export async function generateCode(options: GenerateCodeOptions): Promise<CodeReport> {
  const { root, outDir } = options;
  await assertRealFolder(outDir);
  const start = (options.start ?? '').split('/').filter((p) => p !== '' && p !== '.');
  const folder = await lstat(join(root, ...start)).catch(() => undefined);
  if (folder === undefined || !folder.isDirectory()) {
    const what = start.length === 0 ? root : start.join('/');
    throw new MdkgError('MDKG_NOT_FOUND', `${what} is ${folder === undefined ? 'missing' : 'not a folder'}: nothing to index`, { file: what });
  }
  const scope = start.map((p) => `${encodeFileName(p)}/`).join('');
  const guard = await guardOutput({
    root,
    start,
    outDir,
    scope,
    ...(options.graphsDir === undefined ? {} : { graphsDir: options.graphsDir }),
    ...(options.exclude === undefined ? {} : { exclude: options.exclude }),
  });
  const now = options.now ?? Date.now();
  const stateNotes: Diagnostic[] = [];
  const state: CodeState = options.statePath === undefined ? emptyCodeState(outDir) : await readCodeState(options.statePath, outDir, (d) => stateNotes.push(d));
  const walked = await walkSources(root, {
    accept: (p) => languageFor(p) !== undefined || textLanguageFor(p) !== undefined,
    exclude: [outDir, ...(options.exclude ?? [])],
    start: start.join('/'),
    folders: state.folders,
    now,
    ...(options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes }),
  });
  const report: CodeReport = {
    out: outDir,
    files: 0,
    parsed: 0,
    symbols: 0,
    added: [],
    updated: [],
    removed: [],
    unchanged: 0,
    kept: [],
    diagnostics: [...guard.diagnostics, ...stateNotes, ...walked.diagnostics],
  };
  const paths = new Set(walked.files.map((f) => f.path));
  const prefix = start.length === 0 ? '' : `${start.join('/')}/`;
  // The hash of the walked folder covers every file's name, size and times: when it is the last
  // run's over the same folder, the file set is the same and so is every import's resolution.
  const sameTree = state.start === prefix && walked.folders[prefix]?.hash !== undefined && state.folders[prefix]?.hash === walked.folders[prefix]?.hash;
  const next: Record<string, CodeFileState> = Object.create(null) as Record<string, CodeFileState>;
  const documents = listDocuments(outDir, scope, state.outFolders, now);
  const present = new Set(documents.paths);
  const wanted = new Set<string>();
  const writer = new AtomicWriter();
  let render: Promise<typeof import('./code-render.js')> | undefined;
  const untouched = sameTree && nothingElseChanged(state, walked.files, documents, scope);
  if (untouched) {
    for (const file of walked.files) {
      next[file.path] = state.files[file.path] as CodeFileState;
      if (next[file.path]?.generated === true) report.diagnostics.push(generatedInput(file.path));
    }
    report.unchanged = documents.paths.length;
  }
  for (const [index, file] of (untouched ? [] : walked.files).entries()) {
    if (index > 0 && index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const spec = languageFor(file.path);
    const language = spec?.id ?? textLanguageFor(file.path) ?? 'text';
    const docRel = codeDocumentPath(file.path);
    const docAbs = join(outDir, docRel);
    const before = state.files[file.path];
    const unloadable = guard.unloadable(docRel);
    if (unloadable !== undefined) {
      report.diagnostics.push({ code: 'MDKG_OUTPUT_NOT_LOADED', severity: 'warning', message: `no document written: ${unloadable}`, file: file.path });
      continue;
    }
    if (
      before?.generated === true &&
      before.size === file.size &&
      before.mtimeMs === file.mtimeMs &&
      before.ctimeMs === file.ctimeMs &&
      before.mtimeMs !== -1
    ) {
      next[file.path] = before;
      report.diagnostics.push(generatedInput(file.path));
      continue;
    }
    const current = before !== undefined && present.has(docAbs) && (sameTree || sameResolutions(before.resolved, file.path, language, paths));
    if (current && before.size === file.size && before.mtimeMs === file.mtimeMs && before.ctimeMs === file.ctimeMs && before.mtimeMs !== -1) {
      wanted.add(docAbs);
      next[file.path] = before;
      report.unchanged += 1;
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readRegularFileSync(join(root, file.path), { maxBytes: options.maxFileBytes ?? Number.MAX_SAFE_INTEGER, file: file.path, follow: false });
    } catch (error) {
      const code = isMdkgError(error) ? error.code : 'MDKG_FILE_READ';
      report.diagnostics.push({ code, severity: 'warning', message: `not read: ${(error as Error).message}`, file: file.path });
      continue;
    }
    if (bytes.includes(0)) {
      report.diagnostics.push({ code: 'MDKG_BINARY_FILE', severity: 'warning', message: 'holds NUL bytes: not a text file, skipped', file: file.path });
      continue;
    }
    const hash = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    // A time too close to the run may still change within the same clock tick: hashed again next time.
    const times = trusted(Math.max(file.mtimeMs, file.ctimeMs), now) ? { mtimeMs: file.mtimeMs, ctimeMs: file.ctimeMs } : { mtimeMs: -1, ctimeMs: -1 };
    if (isGeneratedDocument(file.path, bytes.toString('utf8'))) {
      // Generated output is never input: no document of a document, wherever it lies.
      next[file.path] = { size: file.size, ...times, hash, resolved: {}, symbols: 0, generated: true };
      report.diagnostics.push(generatedInput(file.path));
      continue;
    }
    wanted.add(docAbs);
    if (current && before.hash === hash) {
      next[file.path] = { ...before, size: file.size, ...times };
      report.unchanged += 1;
      continue;
    }
    render ??= import('./code-render.js');
    const { model, document, resolved } = await (await render).renderCodeFile({
      path: file.path,
      text: bytes.toString('utf8'),
      size: bytes.length,
      hash,
      spec,
      language,
      resolve: (modules) => resolutions(file.path, language, modules, paths),
    });
    report.parsed += 1;
    report.diagnostics.push(...model.diagnostics);
    const outcome = writeIfGenerated(writer, docAbs, document, present.has(docAbs));
    if (outcome === 'kept') {
      report.kept.push(docRel);
      report.diagnostics.push({
        code: 'MDKG_GENERATE_CONFLICT',
        severity: 'warning',
        message: 'not overwritten: the document is hand-written or was edited by hand; delete it to have it regenerated',
        file: docRel,
      });
      continue;
    }
    if (outcome === 'unchanged') report.unchanged += 1;
    else report[outcome].push(docRel);
    next[file.path] = { size: file.size, ...times, hash, resolved, symbols: model.symbols.length };
  }
  if (!untouched) await removeStale(present, wanted, outDir, report);
  // Documents mdkg generated, found among the sources, are not sources.
  report.files = walked.files.filter((f) => next[f.path]?.generated !== true).length;
  report.symbols = Object.values(next).reduce((n, f) => n + f.symbols, 0);
  if (options.statePath !== undefined) {
    // Entries outside the walked folder are kept; those inside that are gone are dropped.
    for (const [path, entry] of Object.entries(state.files)) if (!path.startsWith(prefix) && next[path] === undefined) next[path] = entry;
    const folders = { ...walked.folders };
    for (const [rel, entry] of Object.entries(state.folders)) if (!rel.startsWith(prefix) && folders[rel] === undefined) folders[rel] = entry;
    const outFolders = { ...documents.folders };
    for (const [rel, entry] of Object.entries(state.outFolders)) if (!rel.startsWith(scope) && outFolders[rel] === undefined) outFolders[rel] = entry;
    const changed =
      state.start !== prefix || !sameEntries(next, state.files) || !sameEntries(folders, state.folders) || !sameEntries(outFolders, state.outFolders);
    // A run that wrote documents changed its output folders' times: their listings are re-read next time.
    if (changed) await writeCodeState(options.statePath, { version: state.version, out: outDir, files: next, start: prefix, folders, outFolders });
  }
  return report;
}
