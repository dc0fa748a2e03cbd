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
 * Makes the entries in `<root>/<folder>` (`folder` `''` or `a/b`), their names ending in `ext`;
 * `outside` is a file outside the root. Returns the diagnostics, file paths relative to the root
 * (`/`-separated); `outsideMessage` is the walk's words for a link leading outside.
 */
export function makeSkippedEntries(root: string, folder: string, outside: string, ext = '.ts', outsideMessage = OUTSIDE): Diagnostic[] {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  const fifo = spawnSync('mkfifo', [join(dir, `pipe${ext}`)]);
  if (fifo.status !== 0) throw new Error(`mkfifo failed: ${fifo.stderr.toString()}`);
  const bytes = (name: number[]): Buffer => Buffer.concat([Buffer.from(`${dir}/`), Buffer.from(name)]);
  // `bad\xff<ext>` (0xff is never UTF-8) and the folder `bad\xfe\xfedir` holding a source file.
  writeFileSync(bytes([0x62, 0x61, 0x64, 0xff, ...Buffer.from(ext)]), 'export const hidden = 1;\n');
  mkdirSync(bytes([0x62, 0x61, 0x64, 0xfe, 0xfe, 0x64, 0x69, 0x72]));
  writeFileSync(Buffer.concat([bytes([0x62, 0x61, 0x64, 0xfe, 0xfe, 0x64, 0x69, 0x72]), Buffer.from(`/x${ext}`)]), 'export const x = 1;\n');
  symlinkSync(`loop-b${ext}`, join(dir, `loop-a${ext}`));
  symlinkSync(`loop-a${ext}`, join(dir, `loop-b${ext}`));
  symlinkSync(outside, join(dir, `escape${ext}`));
  symlinkSync(`missing${ext}`, join(dir, `dangling${ext}`));
  const at = (name: string): string => (folder === '' ? name : `${folder}/${name}`);
  const w = (code: Diagnostic['code'], name: string, message: string): Diagnostic => ({ code, severity: 'warning', message, file: at(name) });
  return [
    w('MDKG_FILE_READ', `bad\ufffd${ext}`, NOT_UTF8),
    w('MDKG_FILE_READ', 'bad\ufffd\ufffddir', NOT_UTF8),
    w('MDKG_PATH_ESCAPE', `dangling${ext}`, NOWHERE),
    w('MDKG_PATH_ESCAPE', `escape${ext}`, outsideMessage),
    w('MDKG_PATH_ESCAPE', `loop-a${ext}`, NOWHERE),
    w('MDKG_PATH_ESCAPE', `loop-b${ext}`, NOWHERE),
    w('MDKG_FILE_READ', `pipe${ext}`, SPECIAL),
  ];
}
