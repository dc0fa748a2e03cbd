import { closeSync, constants, fstatSync, openSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { identity, readFileBytes } from '../../src/graph/read-bytes.js';
import { fileIdentity, identityOfStats } from '../../src/util/file-identity.js';
import { tempDir } from '../helpers/temp-dir.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
});

/** A file just written (its change time is now, whatever its modification time says). */
function oldFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('the identity of a file read for parsing', () => {
  it('is the same from the open file (fstat) as from its path (lstat)', () => {
    const path = oldFile('a.md', '# a\n');
    const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      expect(identityOfStats(fstatSync(fd))).toEqual(fileIdentity(path));
    } finally {
      closeSync(fd);
    }
  });

  it.each<[string, number, boolean]>([
    ['no racy window: trusted', 0, true],
    ['changed within the racy window (1 min): not trusted', 60_000, false],
  ])('%s', (_, racyMs, trusted) => {
    const path = oldFile('b.md', '# b\n');
    const read = readFileBytes('b.md', path, 1000, racyMs);
    expect('bytes' in read && Buffer.from(read.bytes).toString()).toBe('# b\n');
    expect('bytes' in read ? read.stat : 'not read').toBe(trusted ? identity(path, racyMs) : undefined);
    if (trusted) expect(identity(path, racyMs)).toBeDefined();
  });

  it('takes no identity when not asked, and none through a link (never read)', () => {
    const path = oldFile('c.md', '# c\n');
    expect(readFileBytes('c.md', path, 1000)).toEqual({ bytes: Buffer.from('# c\n') });
    const link = join(dir, 'link.md');
    symlinkSync(path, link);
    const read = readFileBytes('link.md', link, 1000, 2000);
    expect('failed' in read && read.failed.code).toBe('MDKG_PATH_ESCAPE');
  });
});
