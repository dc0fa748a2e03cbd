// Path arguments stay inside the repository root: `..` that leaves it, absolute paths elsewhere,
// NUL characters and symbolic links that point outside are refused with MDKG_PATH_ESCAPE.
import { mkdir, symlink } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confineLexically, confinePath } from '../../src/code-search/confine-path.js';
import { tempDir } from '../helpers/temp-dir.js';

const ROOT = resolve('/repo/root');

describe('confineLexically', () => {
  it.each([
    ['src', 'src'],
    ['./src/x.ts', 'src/x.ts'],
    ['src/../lib', 'lib'],
    ['.', ''],
    ['', ''],
    [join(ROOT, 'src', 'a.ts'), 'src/a.ts'],
  ])('%s -> %s', (path, rel) => {
    expect(confineLexically(ROOT, path)).toBe(rel);
  });

  it.each(['..', '../x', 'src/../../x', '/etc/passwd', resolve(ROOT, '..', 'root2'), 'a\0b'])('refuses %s', (path) => {
    expect(() => confineLexically(ROOT, path)).toThrow(expect.objectContaining({ code: 'MDKG_PATH_ESCAPE' }));
  });

  it('never returns a path outside the root, whatever the segments', () => {
    const segment = fc.constantFrom('..', '.', 'a', 'b', '', '...', '..a');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), fc.boolean(), (parts, absolute) => {
        const path = (absolute ? `${ROOT}/` : '') + parts.join('/');
        let rel: string;
        try {
          rel = confineLexically(ROOT, path);
        } catch (error) {
          expect((error as { code?: string }).code).toBe('MDKG_PATH_ESCAPE');
          return;
        }
        const target = resolve(ROOT, rel);
        expect(target === ROOT || target.startsWith(`${ROOT}${sep}`)).toBe(true);
        expect(rel.split('/')).not.toContain('..');
      }),
    );
  });
});

describe('confinePath', () => {
  it('refuses a symbolic link that points outside the root, and accepts one that stays inside', async () => {
    const outside = await tempDir({ 'secret.ts': 'export const s = 1;\n' });
    const root = await tempDir({ 'src/a.ts': 'export const a = 1;\n' });
    await symlink(outside, join(root, 'out'));
    await symlink(join(root, 'src'), join(root, 'in'));
    await symlink(join(root, 'missing'), join(root, 'dangling'));
    await mkdir(join(root, 'empty'));
    await expect(confinePath(root, 'out')).rejects.toMatchObject({ code: 'MDKG_PATH_ESCAPE' });
    await expect(confinePath(root, 'out/secret.ts')).rejects.toMatchObject({ code: 'MDKG_PATH_ESCAPE' });
    await expect(confinePath(root, 'dangling/x')).rejects.toMatchObject({ code: 'MDKG_PATH_ESCAPE' });
    await expect(confinePath(root, 'in/a.ts')).resolves.toBe('in/a.ts');
    await expect(confinePath(root, 'empty/not-yet.ts')).resolves.toBe('empty/not-yet.ts');
    await expect(confinePath(root, '../x')).rejects.toMatchObject({ code: 'MDKG_PATH_ESCAPE' });
  });
});
