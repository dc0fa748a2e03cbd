// Node's file system errors (ENOENT, EACCES, ...) as coded MdkgErrors that name the path.
import { MdkgError, type MdkgCode } from '../errors.js';

const REASONS: ReadonlyMap<string, string> = new Map([
  ['ENOENT', 'no such file or folder'],
  ['EACCES', 'permission denied'],
  ['EPERM', 'operation not permitted'],
  ['EISDIR', 'is a folder, not a file'],
  ['ENOTDIR', 'a part of the path is not a folder'],
  ['EEXIST', 'already exists'],
  ['ENOTEMPTY', 'folder is not empty'],
  ['ENAMETOOLONG', 'file name too long'],
  ['ELOOP', 'too many levels of symbolic links'],
  ['EPIPE', 'the reader closed the pipe'],
  ['EMFILE', 'too many open files'],
  ['ENFILE', 'too many open files in the system'],
  ['ENOSPC', 'no space left on the device'],
  ['EDQUOT', 'disk quota exceeded'],
  ['EROFS', 'read-only file system'],
  ['EBUSY', 'resource busy'],
  ['ETXTBSY', 'file busy'],
  ['EXDEV', 'cannot move across file systems'],
  ['ENXIO', 'no such device'],
  ['ENODEV', 'no such device'],
  ['EIO', 'input/output error'],
  ['EFBIG', 'file too large'],
]);

/** System calls that change the file system: their failures are write failures. */
const WRITES = new Set([
  'write',
  'writev',
  'rename',
  'mkdir',
  'mkdtemp',
  'rmdir',
  'rm',
  'unlink',
  'copyfile',
  'symlink',
  'link',
  'chmod',
  'chown',
  'utime',
  'futime',
  'fsync',
  'ftruncate',
  'truncate',
  'cp',
]);

interface SystemError extends Error {
  code: string;
  syscall?: string;
  path?: string;
  dest?: string;
}

function isSystemError(error: unknown): error is SystemError {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && REASONS.has(code);
}

/**
 * The coded error for an expected failure Node reports by code: a missing path is MDKG_NOT_FOUND,
 * a failed change MDKG_FILE_WRITE, anything else MDKG_FILE_READ; a path holding a NUL byte is
 * MDKG_USAGE. Undefined for anything else (a bug, which the caller reports as such).
 */
export function systemErrorToMdkg(error: unknown): MdkgError | undefined {
  if (error instanceof Error && (error as { code?: unknown }).code === 'ERR_INVALID_ARG_VALUE' && /null bytes/.test(error.message)) {
    return new MdkgError('MDKG_USAGE', 'a path must not contain a NUL byte', {}, { cause: error });
  }
  if (!isSystemError(error)) return undefined;
  const syscall = error.syscall ?? '';
  const code: MdkgCode =
    error.code === 'ENOENT'
      ? 'MDKG_NOT_FOUND'
      : WRITES.has(syscall) || error.code === 'EROFS' || error.code === 'ENOSPC'
        ? 'MDKG_FILE_WRITE'
        : 'MDKG_FILE_READ';
  // A rename's target is what the user named (the source is a temp file next to it).
  const path = syscall === 'rename' && error.dest !== undefined ? error.dest : (error.path ?? error.dest);
  const what = path === undefined ? '' : `${path}: `;
  const details: Record<string, unknown> = { errno: error.code, ...(syscall === '' ? {} : { syscall }), ...(path === undefined ? {} : { path }) };
  return new MdkgError(code, `${what}${REASONS.get(error.code) ?? error.code} (${error.code}${syscall === '' ? '' : `, ${syscall}`})`, details, {
    cause: error,
  });
}
