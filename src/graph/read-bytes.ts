// Reading one document file, the same on the loading thread and in a parse worker: its identity
// first (a write after it changes the ctime, so a stale identity never matches), then its bytes,
// only from a regular file, never through a link that replaced it since the scan, size first.
import { isMdkgError, type Diagnostic, type MdkgError } from '../errors.js';
import type { Stats } from 'node:fs';
import { type FileIdentity, fileIdentity, identityOfStats } from '../util/file-identity.js';
import { readRegularFileSync } from '../util/read-file.js';

/** A file changed this recently may change again within the same tick of its times: not trusted by identity. */
export const RACY_MS = 2000;

/** The identity of a regular file (see CacheEntry.stat), or undefined when it is not one or changed too recently. */
export function identity(path: string, racyMs = RACY_MS): string | undefined {
  return trusted(fileIdentity(path), racyMs);
}

const trusted = (id: FileIdentity | undefined, racyMs: number): string | undefined =>
  id === undefined || !id.isFile || Date.now() - id.changedAt < racyMs ? undefined : id.key;

/**
 * The bytes (with the file's identity as `identity` would give it, taken from the open file before
 * the read when `racyMs` is given), or the size of a file over the limit (never read), or why it
 * could not be read.
 */
export type FileBytes = { bytes: Uint8Array; stat?: string } | { tooLarge: number } | { failed: Diagnostic };

export function readFileBytes(path: string, absolute: string, maxBytes: number, racyMs?: number): FileBytes {
  try {
    let stat: string | undefined;
    const onStats = racyMs === undefined ? undefined : (s: Stats): void => void (stat = trusted(identityOfStats(s), racyMs));
    const bytes = readRegularFileSync(absolute, { maxBytes, file: path, follow: false, ...(onStats === undefined ? {} : { onStats }) });
    return stat === undefined ? { bytes } : { bytes, stat };
  } catch (error) {
    const e = error as MdkgError;
    if (e.code === 'MDKG_FILE_TOO_LARGE' && typeof e.details?.bytes === 'number') return { tooLarge: e.details.bytes };
    const code = e.code === 'MDKG_PATH_ESCAPE' ? 'MDKG_PATH_ESCAPE' : 'MDKG_FILE_READ';
    return {
      failed: {
        code,
        severity: code === 'MDKG_PATH_ESCAPE' ? 'warning' : 'error',
        message: isMdkgError(error) ? error.message : `cannot read: ${(error as Error).message}`,
        file: path,
      },
    };
  }
}

/** What the cache keeps of a file over the size limit: unusable, its size as its hash. */
export function tooLargeDiagnostic(path: string, size: number, maxBytes: number): Diagnostic {
  return {
    code: 'MDKG_FILE_TOO_LARGE',
    severity: 'error',
    message: `document is ${size} bytes, over the limit of ${maxBytes}`,
    file: path,
    line: 1,
    column: 1,
  };
}
