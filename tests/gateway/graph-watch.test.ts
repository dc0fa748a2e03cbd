// The graph folder's watcher: one watch per real folder (never through a symbolic link, never in
// hidden folders), new folders watched as they appear, a burst of events one call, and a bounded
// poll past the folder limit. Each wait is for the callback, with the test's deadline.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FolderWatch, watchFolder } from '../../src/gateway/graph-watch.js';
import { tempDir } from '../helpers/temp-dir.js';

let watcher: FolderWatch | undefined;
afterEach(() => watcher?.close());

/** A watch of `root` and a promise of its next call. */
function start(root: string, options: Parameters<typeof watchFolder>[2] = {}): { next: () => Promise<void>; calls: () => number } {
  let calls = 0;
  let wake: (() => void) | undefined;
  watcher = watchFolder(
    root,
    () => {
      calls += 1;
      wake?.();
    },
    { debounceMs: 20, ...options },
  );
  return {
    next: () =>
      new Promise<void>((done) => {
        wake = done;
      }),
    calls: () => calls,
  };
}

describe('watchFolder', () => {
  it('watches every real folder, not links, hidden folders or node_modules', async () => {
    const root = await tempDir({ 'a/b/doc.md': '# doc', '.mdkg/cache': 'x', 'node_modules/x/y.md': '# y' });
    const outside = await mkdtemp(join(tmpdir(), 'mdkg-outside-'));
    try {
      await symlink(outside, join(root, 'link'));
      start(root);
      await watcher?.ready;
      expect(watcher?.folders()).toEqual([root, join(root, 'a'), join(root, 'a', 'b')]);
      expect(watcher?.mode).toBe('watch');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('calls back once a document is added in a new folder, and watches that folder', async () => {
    const root = await tempDir({ 'doc.md': '# doc' });
    const w = start(root);
    await watcher?.ready;
    const called = w.next();
    await mkdir(join(root, 'notes', 'deep'), { recursive: true });
    await writeFile(join(root, 'notes', 'deep', 'new.md'), '# new');
    await called;
    expect(watcher?.folders()).toContain(join(root, 'notes'));
    // The new folder is watched too: a document written there is seen.
    const again = w.next();
    await writeFile(join(root, 'notes', 'deep', 'other.md'), '# other');
    await again;
  });

  it('makes one call of a burst of events', async () => {
    const root = await tempDir({ 'doc.md': '# doc' });
    const w = start(root);
    await watcher?.ready;
    const called = w.next();
    await writeFile(join(root, 'notes.txt'), 'not a document');
    await writeFile(join(root, '.hidden.md'), '# hidden');
    await writeFile(join(root, 'doc.md'), '# doc, edited');
    await called;
    expect(w.calls()).toBe(1);
  });

  it('polls past the folder limit', async () => {
    const root = await tempDir({ 'a/doc.md': '# doc', 'b/doc.md': '# doc' });
    const lines: string[] = [];
    const w = start(root, { maxFolders: 2, pollMs: 50, log: (line) => lines.push(line) });
    await watcher?.ready;
    expect(watcher?.mode).toBe('poll');
    expect(watcher?.folders()).toEqual([]);
    expect(lines.join('\n')).toContain('polled every 50 ms (more than 2 folders)');
    await w.next();
  });
});
