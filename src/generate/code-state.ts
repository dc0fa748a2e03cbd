import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../graph/atomic-write.js';

/**
 * What the last `generate code` run knew of each source file, kept in `.mdkg/` (a cache: deleting
 * it costs one full run). A file whose size and modification time are unchanged is not read; one
 * whose bytes hash the same is not parsed; either is regenerated when its imports now resolve to
 * other files (a file was added or removed) or its document is gone.
 */
export interface CodeFileState {
  size: number;
  mtimeMs: number;
  hash: string;
  /** Modules whose resolution the document depends on, and what each resolved to ('' for nothing). */
  resolved: Record<string, string>;
  /** Symbols in the file's document. */
  symbols: number;
}

export interface CodeState {
  /** Changes when the document format does: every file is then regenerated. */
  version: string;
  /** The output folder the documents were written to (another folder: the state is not used). */
  out: string;
  files: Record<string, CodeFileState>;
}

/** Bump when code documents change shape: a state of another version is ignored. */
export const CODE_STATE_VERSION = 'code-2';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function validFile(v: unknown): v is CodeFileState {
  return (
    isObject(v) &&
    typeof v.size === 'number' &&
    typeof v.mtimeMs === 'number' &&
    typeof v.hash === 'string' &&
    isObject(v.resolved) &&
    typeof v.symbols === 'number'
  );
}

/** The state of a first run: no file known. */
export const emptyCodeState = (out: string): CodeState => ({ version: CODE_STATE_VERSION, out, files: Object.create(null) as Record<string, CodeFileState> });

/** The saved state for this output folder, or an empty one (missing, corrupt, other version or folder). */
export async function readCodeState(path: string, out: string): Promise<CodeState> {
  const empty = emptyCodeState(out);
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return empty;
  }
  if (!isObject(value) || value.version !== CODE_STATE_VERSION || value.out !== out || !isObject(value.files)) return empty;
  const files = Object.create(null) as Record<string, CodeFileState>;
  for (const [k, v] of Object.entries(value.files)) if (validFile(v)) files[k] = v;
  return { version: CODE_STATE_VERSION, out, files };
}

export async function writeCodeState(path: string, state: CodeState): Promise<void> {
  const files = Object.fromEntries(
    Object.keys(state.files)
      .sort()
      .map((k) => [k, state.files[k]]),
  );
  await writeFileAtomic(path, `${JSON.stringify({ ...state, files })}\n`);
}
