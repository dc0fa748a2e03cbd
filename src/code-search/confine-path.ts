// Path arguments of the code tools (search_code path, get_file_structure path, get_repo_map focus)
// stay inside the repository root: `..` that leaves it, an absolute path elsewhere, and a symbolic
// link on the way that points outside are refused with MDKG_PATH_ESCAPE. A path that does not
// exist is allowed (it then matches nothing); only the part that exists is resolved.
import { lstat, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { MdkgError } from '../errors.js';

function escaping(path: string, why: string): MdkgError {
  return new MdkgError('MDKG_PATH_ESCAPE', `path '${path}' ${why}: code paths stay inside the repository root`, { path });
}

/**
 * The path relative to the root, with `/` separators (`''` for the root itself), checked lexically:
 * no NUL, no `..` that leaves the root; an absolute path must lie under the root.
 */
export function confineLexically(root: string, path: string): string {
  if (path.includes('\0')) throw escaping(path.replace(/\0/g, '\\0'), 'contains a NUL character');
  const absolute = isAbsolute(path) || /^[A-Za-z]:[\\/]/.test(path);
  const rel = relative(resolve(root), resolve(root, path));
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    throw escaping(path, absolute ? 'is outside the repository root' : 'leaves the repository root');
  return rel.split(sep).join('/');
}

/** `confineLexically`, then every existing component is checked: a symbolic link must resolve inside the root. */
export async function confinePath(root: string, path: string): Promise<string> {
  const rel = confineLexically(root, path);
  if (rel === '') return rel;
  const realRoot = await realpath(root).catch(() => resolve(root));
  let at = resolve(root);
  for (const part of rel.split('/')) {
    at = join(at, part);
    const stat = await lstat(at).catch(() => undefined);
    if (stat === undefined) break;
    if (!stat.isSymbolicLink()) continue;
    const target = await realpath(at).catch(() => undefined);
    if (target === undefined) throw escaping(path, 'goes through a symbolic link that leads nowhere');
    const inside = relative(realRoot, target);
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
      throw escaping(path, 'goes through a symbolic link that points outside the repository root');
  }
  return rel;
}
