import { describe, expect, it } from 'vitest';
import { systemErrorToMdkg } from '../../src/cli/system-error.js';
import { MdkgError } from '../../src/errors.js';

const sys = (code: string, syscall: string, path?: string, dest?: string): Error =>
  Object.assign(new Error(`${code}: raw node message, ${syscall} '${path ?? ''}'`), {
    code,
    syscall,
    ...(path === undefined ? {} : { path }),
    ...(dest === undefined ? {} : { dest }),
  });

describe('systemErrorToMdkg', () => {
  it.each([
    [sys('ENOENT', 'open', '/x/a.rq'), 'MDKG_NOT_FOUND', '/x/a.rq: no such file or folder (ENOENT, open)'],
    [sys('ENOENT', 'mkdir', '/x/out'), 'MDKG_NOT_FOUND', '/x/out: no such file or folder (ENOENT, mkdir)'],
    [sys('EACCES', 'open', '/x/secret'), 'MDKG_FILE_READ', '/x/secret: permission denied (EACCES, open)'],
    [sys('EACCES', 'mkdir', '/root/out'), 'MDKG_FILE_WRITE', '/root/out: permission denied (EACCES, mkdir)'],
    [sys('EISDIR', 'read'), 'MDKG_FILE_READ', 'is a folder, not a file (EISDIR, read)'],
    [sys('EISDIR', 'rename', '/x/out.1.ab.tmp', '/x/out'), 'MDKG_FILE_WRITE', '/x/out: is a folder, not a file (EISDIR, rename)'],
    [sys('ENOTDIR', 'scandir', '/x/file'), 'MDKG_FILE_READ', '/x/file: a part of the path is not a folder (ENOTDIR, scandir)'],
    [sys('EEXIST', 'mkdir', '/x/file'), 'MDKG_FILE_WRITE', '/x/file: already exists (EEXIST, mkdir)'],
    [sys('ENAMETOOLONG', 'open', '/x/nnn'), 'MDKG_FILE_READ', '/x/nnn: file name too long (ENAMETOOLONG, open)'],
    [sys('EPIPE', 'write'), 'MDKG_FILE_WRITE', 'the reader closed the pipe (EPIPE, write)'],
    [sys('ELOOP', 'open', '/x/loop'), 'MDKG_FILE_READ', '/x/loop: too many levels of symbolic links (ELOOP, open)'],
    [sys('ENOSPC', 'open', '/x/big'), 'MDKG_FILE_WRITE', '/x/big: no space left on the device (ENOSPC, open)'],
    [sys('EROFS', 'open', '/x/ro'), 'MDKG_FILE_WRITE', '/x/ro: read-only file system (EROFS, open)'],
    [sys('EMFILE', 'open', '/x/f'), 'MDKG_FILE_READ', '/x/f: too many open files (EMFILE, open)'],
  ])('%s', (error, code, message) => {
    const coded = systemErrorToMdkg(error);
    expect(coded).toBeInstanceOf(MdkgError);
    expect({ code: coded?.code, message: coded?.message }).toEqual({ code, message });
    expect(coded?.cause).toBe(error);
  });

  it('a NUL byte in a path is a usage error', () => {
    const error = Object.assign(new TypeError("The argument 'path' must be a string, Uint8Array, or URL without null bytes."), {
      code: 'ERR_INVALID_ARG_VALUE',
    });
    expect(systemErrorToMdkg(error)?.code).toBe('MDKG_USAGE');
  });

  it.each([
    [new TypeError('x is not a function')],
    [Object.assign(new Error('odd'), { code: 'ERR_SOMETHING' })],
    ['a string'],
    [null],
    [undefined],
    [{ code: 'ENOENT' }],
  ])('leaves %s alone (a bug, not an expected failure)', (error) => {
    expect(systemErrorToMdkg(error)).toBeUndefined();
  });
});
