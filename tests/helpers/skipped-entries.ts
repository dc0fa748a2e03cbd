// Entries a code walk cannot read, made for real in a folder: a FIFO, a file and a folder whose
// names are not UTF-8, a loop of two symbolic links, a link leading outside the root and a
// dangling one; with the diagnostics the walk must give for them, in walk order (issue 25 row 13).
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../src/errors.js';

const NOT_UTF8 = 'the name is not valid UTF-8 (shown with U+FFFD) and cannot be opened: skipped';
const SPECIAL = 'not a regular file (a FIFO, socket or device): skipped';
const NOWHERE = 'symbolic link leads nowhere (its target is missing, or it loops) and is skipped';
const OUTSIDE = 'symbolic link leads outside the folder and is skipped';

/**
 * Makes the entries in `<root>/<folder>` (`folder` `''` or `a/b`); `outside` is a file outside the
 * root. Returns the diagnostics, file paths relative to the root (`/`-separated).
 */
export function makeSkippedEntries(root: string, folder: string, outside: string): Diagnostic[] {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  const fifo = spawnSync('mkfifo', [join(dir, 'pipe.ts')]);
  if (fifo.status !== 0) throw new Error(`mkfifo failed: ${fifo.stderr.toString()}`);
  const bytes = (name: number[]): Buffer => Buffer.concat([Buffer.from(`${dir}/`), Buffer.from(name)]);
  // `bad\xff.ts` (0xff is never UTF-8) and the folder `bad\xfe\xfedir` holding a source file.
  writeFileSync(bytes([0x62, 0x61, 0x64, 0xff, 0x2e, 0x74, 0x73]), 'export const hidden = 1;\n');
  mkdirSync(bytes([0x62, 0x61, 0x64, 0xfe, 0xfe, 0x64, 0x69, 0x72]));
  writeFileSync(Buffer.concat([bytes([0x62, 0x61, 0x64, 0xfe, 0xfe, 0x64, 0x69, 0x72]), Buffer.from('/x.ts')]), 'export const x = 1;\n');
  symlinkSync('loop-b.ts', join(dir, 'loop-a.ts'));
  symlinkSync('loop-a.ts', join(dir, 'loop-b.ts'));
  symlinkSync(outside, join(dir, 'escape.ts'));
  symlinkSync('missing.ts', join(dir, 'dangling.ts'));
  const at = (name: string): string => (folder === '' ? name : `${folder}/${name}`);
  const w = (code: Diagnostic['code'], name: string, message: string): Diagnostic => ({ code, severity: 'warning', message, file: at(name) });
  return [
    w('MDKG_FILE_READ', 'bad\ufffd.ts', NOT_UTF8),
    w('MDKG_FILE_READ', 'bad\ufffd\ufffddir', NOT_UTF8),
    w('MDKG_PATH_ESCAPE', 'dangling.ts', NOWHERE),
    w('MDKG_PATH_ESCAPE', 'escape.ts', OUTSIDE),
    w('MDKG_PATH_ESCAPE', 'loop-a.ts', NOWHERE),
    w('MDKG_PATH_ESCAPE', 'loop-b.ts', NOWHERE),
    w('MDKG_FILE_READ', 'pipe.ts', SPECIAL),
  ];
}
