import type { Diagnostic, MdkgError } from '../errors.js';
import { writeFileAtomic } from '../graph/atomic-write.js';
import { readRegularFileSync } from '../util/read-file.js';
import type { FolderListing, FolderListings } from '../ingest/code/folder-listing.js';

/**
 * What the last `generate code` run knew of each source file, kept in `.mdkg/` (a cache: deleting
 * it costs one full run). A file whose size and modification time are unchanged is not read; one
 * whose bytes hash the same is not parsed; either is regenerated when its imports now resolve to
 * other files (a file was added or removed) or its document is gone.
 */
export interface CodeFileState {
  size: number;
  /** Modification and change times; -1 when too recent to trust (the file is hashed again next time). */
  mtimeMs: number;
  ctimeMs: number;
  hash: string;
  /** Modules whose resolution the document depends on, and what each resolved to ('' for nothing). */
  resolved: Record<string, string>;
  /** Symbols in the file's document. */
  symbols: number;
  /** A document mdkg generated, found among the sources: never read as one (code-guards.ts), no document. */
  generated?: true;
}

export interface CodeState {
  /** Changes when the document format does: every file is then regenerated. */
  version: string;
  /** The output folder the documents were written to (another folder: the state is not used). */
  out: string;
  files: Record<string, CodeFileState>;
  /** The folder the last run walked (relative, `''` or `a/b/`): its folders' hashes describe that walk's file set. */
  start: string;
  /** The per-folder hash tree of the source folders walked (folder-listing.ts). */
  folders: FolderListings;
  /** The listings of the output folders (their `.md` files). */
  outFolders: FolderListings;
}

/** Bump when code documents change shape: a state of another version is ignored. */
export const CODE_STATE_VERSION = 'code-5';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function validFile(v: unknown): v is CodeFileState {
  return (
    isObject(v) &&
    typeof v.size === 'number' &&
    typeof v.mtimeMs === 'number' &&
    typeof v.ctimeMs === 'number' &&
    typeof v.hash === 'string' &&
    isObject(v.resolved) &&
    typeof v.symbols === 'number' &&
    (v.generated === undefined || v.generated === true)
  );
}

const isNames = (v: unknown): v is string[] => Array.isArray(v) && v.every((n) => typeof n === 'string');

function validFolder(v: unknown): v is FolderListing {
  return (
    isObject(v) &&
    typeof v.mtimeMs === 'number' &&
    typeof v.ctimeMs === 'number' &&
    isNames(v.dirs) &&
    isNames(v.files) &&
    isNames(v.links) &&
    isNames(v.special) &&
    isNames(v.badNames) &&
    (v.hash === undefined || typeof v.hash === 'string')
  );
}

const none = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** The state of a first run: no file known. */
export const emptyCodeState = (out: string): CodeState => ({ version: CODE_STATE_VERSION, out, files: none(), start: '', folders: none(), outFolders: none() });

/** Every entry valid, or undefined: a state with one bad entry is not trusted at all. */
function entries<T>(value: unknown, valid: (v: unknown) => v is T): Record<string, T> | undefined {
  if (!isObject(value)) return undefined;
  const out = none<T>();
  for (const [k, v] of Object.entries(value)) {
    if (!valid(v)) return undefined;
    out[k] = v;
  }
  return out;
}

/** The largest code state read (256 MiB: about a million source files); a larger one is ignored unread (a full run rebuilds it). */
export const MAX_CODE_STATE_BYTES = 256 * 1024 * 1024;

/**
 * The saved state for this output folder, or an empty one (missing, corrupt, other version or
 * folder; over MAX_CODE_STATE_BYTES or not a regular file, with a warning to `report`).
 */
export async function readCodeState(path: string, out: string, report?: (d: Diagnostic) => void): Promise<CodeState> {
  const empty = emptyCodeState(out);
  let value: unknown;
  try {
    // Blocking and in one piece: a large state decodes in one call, not chunk by chunk.
    value = JSON.parse(readRegularFileSync(path, { maxBytes: MAX_CODE_STATE_BYTES, follow: false }).toString('utf8'));
  } catch (error) {
    const code = (error as MdkgError).code;
    if (code === 'MDKG_FILE_TOO_LARGE' || code === 'MDKG_FILE_READ' || code === 'MDKG_PATH_ESCAPE')
      report?.({ code, severity: 'warning', message: `code state not used (${(error as Error).message}); every file is read again`, file: path });
    return empty;
  }
  if (!isObject(value) || value.version !== CODE_STATE_VERSION || value.out !== out || typeof value.start !== 'string') return empty;
  const files = entries(value.files, validFile);
  const folders = entries(value.folders, validFolder);
  const outFolders = entries(value.outFolders, validFolder);
  if (files === undefined || folders === undefined || outFolders === undefined) return empty;
  return { version: CODE_STATE_VERSION, out, files, start: value.start, folders, outFolders };
}

const sortedKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((k) => [k, record[k]]),
  ) as Record<string, T>;

/** Writes the state atomically (temp file, then rename): a reader sees the old state or the new one. */
export async function writeCodeState(path: string, state: CodeState): Promise<void> {
  const { files, folders, outFolders } = state;
  await writeFileAtomic(path, `${JSON.stringify({ ...state, files: sortedKeys(files), folders: sortedKeys(folders), outFolders: sortedKeys(outFolders) })}\n`);
}

/** Whether two records hold the same entry objects (a run that changed nothing reuses every one). */
export function sameEntries<T>(a: Record<string, T>, b: Record<string, T>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
