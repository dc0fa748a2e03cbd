import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { isMdkgError, MdkgError } from '../errors.js';
import { textBlocks, textLanguageFor } from '../ingest/code/blocks.js';
import { languageFor } from '../ingest/code/languages.js';
import { parseCode } from '../ingest/code/parse-code.js';
import { resolveModule } from '../ingest/code/resolve-module.js';
import { walkSources } from '../ingest/code/walk.js';
import { writeDocument } from '../markdown-ld/write.js';
import { readRegularFileSync } from '../util/read-file.js';
import { AtomicWriter } from './atomic-files.js';
import { codeDocument, codeDocumentPath } from './code-document.js';
import { emptyCodeState, readCodeState, writeCodeState, type CodeFileState, type CodeState } from './code-state.js';
import { encodeFileName } from './file-names.js';
import { stamp } from './marker.js';
import { listMarkdown, removeStale, writeIfGenerated } from './code-writes.js';
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

/** Files changed less than this long ago may change again within the same mtime tick: their mtime is not trusted next time. */
const RECENT_MS = 2000;
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
  const walked = await walkSources(root, {
    accept: (p) => languageFor(p) !== undefined || textLanguageFor(p) !== undefined,
    exclude: [outDir, ...(options.exclude ?? [])],
    start: start.join('/'),
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
    diagnostics: walked.diagnostics,
  };
  const paths = new Set(walked.files.map((f) => f.path));
  const state: CodeState = options.statePath === undefined ? emptyCodeState(outDir) : await readCodeState(options.statePath, outDir);
  const next: Record<string, CodeFileState> = Object.create(null) as Record<string, CodeFileState>;
  const scope = join(outDir, ...start.map(encodeFileName));
  const present = new Set(await listMarkdown(scope));
  const wanted = new Set<string>();
  const writer = new AtomicWriter();
  const now = Date.now();
  for (const [index, file] of walked.files.entries()) {
    if (index > 0 && index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const spec = languageFor(file.path);
    const language = spec?.id ?? textLanguageFor(file.path) ?? 'text';
    const docRel = codeDocumentPath(file.path);
    const docAbs = join(outDir, docRel);
    const before = state.files[file.path];
    const current = before !== undefined && present.has(docAbs) && sameResolutions(before.resolved, file.path, language, paths);
    if (current && before.size === file.size && before.mtimeMs === file.mtimeMs) {
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
    wanted.add(docAbs);
    const hash = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    const mtimeMs = now - file.mtimeMs < RECENT_MS ? -1 : file.mtimeMs;
    if (current && before.hash === hash) {
      next[file.path] = { ...before, size: file.size, mtimeMs };
      report.unchanged += 1;
      continue;
    }
    const text = bytes.toString('utf8');
    const model = spec === undefined ? textBlocks(text, language) : await parseCode(text, spec, file.path);
    report.parsed += 1;
    report.diagnostics.push(...model.diagnostics);
    const resolved = resolutions(file.path, language, new Set(model.imports.map((i) => i.module)), paths);
    const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const resolvedMap = new Map(Object.entries(resolved).filter(([, f]) => f !== ''));
    const document = stamp(writeDocument(codeDocument({ path: file.path, size: bytes.length, lines, hash, model, resolved: resolvedMap })));
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
    next[file.path] = { size: file.size, mtimeMs, hash, resolved, symbols: model.symbols.length };
  }
  await removeStale(present, wanted, outDir, report);
  report.files = walked.files.length;
  report.symbols = Object.values(next).reduce((n, f) => n + f.symbols, 0);
  if (options.statePath !== undefined) {
    // Files outside the walked folder keep their entries; those inside that are gone lose them.
    const prefix = start.length === 0 ? '' : `${start.join('/')}/`;
    for (const [path, entry] of Object.entries(state.files)) if (!path.startsWith(prefix) && next[path] === undefined) next[path] = entry;
    await writeCodeState(options.statePath, { version: state.version, out: outDir, files: next });
  }
  return report;
}
