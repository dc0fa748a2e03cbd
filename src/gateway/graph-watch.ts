// Edits under the graph folder, seen while the gateway runs: one fs.watch per folder (Node 20's
// recursive watch on Linux follows symbolic links out of the root, so it is not used), entering
// neither symbolic links nor the folders a scan skips (hidden ones such as .mdkg and .git,
// node_modules). A burst of events makes one call after a short quiet time. Past MAX_FOLDERS
// folders, or when the system refuses another watch (the inotify limit), the folder is polled
// instead at a bounded interval: each poll is one incremental refresh (a scan of file times).
import { type FSWatcher, watch } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { skippedName } from '../graph/scan.js';

const DEBOUNCE_MS = 100;
const POLL_MS = 2000;
const MAX_FOLDERS = 4096;

export interface FolderWatch {
  /** Resolves once every folder present at the start is watched. */
  ready: Promise<void>;
  /** `watch` (events), or `poll` once it fell back to polling. */
  readonly mode: 'watch' | 'poll';
  /** The folders watched, sorted. */
  folders(): string[];
  close(): void;
}

export interface FolderWatchOptions {
  debounceMs?: number;
  pollMs?: number;
  maxFolders?: number;
  /** Told once why the folder is polled rather than watched. */
  log?: (line: string) => void;
}

/** Calls `changed` (debounced) after a Markdown file, a folder or `.mdkgignore` under `root` changed. */
export function watchFolder(root: string, changed: () => void, options: FolderWatchOptions = {}): FolderWatch {
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let closed = false;
  const maxFolders = options.maxFolders ?? MAX_FOLDERS;

  const schedule = (): void => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(changed, options.debounceMs ?? DEBOUNCE_MS);
  };
  const closeAll = (): void => {
    for (const w of watchers.values()) w.close();
    watchers.clear();
  };
  const toPoll = (why: string): void => {
    if (poll !== undefined || closed) return;
    closeAll();
    const ms = options.pollMs ?? POLL_MS;
    options.log?.(`mdkg serve: the graph folder is polled every ${ms} ms (${why})`);
    poll = setInterval(changed, ms);
    poll.unref();
  };
  /** Watches `dir` and the folders under it (never through a link). */
  const add = async (dir: string): Promise<void> => {
    if (closed || poll !== undefined || watchers.has(dir)) return;
    if (watchers.size >= maxFolders) return toPoll(`more than ${maxFolders} folders`);
    let w: FSWatcher;
    try {
      w = watch(dir, { persistent: false }, (_event, name) => void seen(dir, name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Gone already: nothing to watch. Anything else (ENOSPC: no inotify watch left, EMFILE): poll.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') toPoll(`fs.watch: ${(error as Error).message}`);
      return;
    }
    w.on('error', () => {
      w.close();
      if (watchers.get(dir) === w) watchers.delete(dir);
    });
    watchers.set(dir, w);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) if (entry.isDirectory() && !skippedName(entry.name)) await add(join(dir, entry.name));
  };
  /** An event in `dir` about `name`. */
  const seen = async (dir: string, name: string | Buffer | null): Promise<void> => {
    if (closed) return;
    if (name === null) return schedule();
    const entry = name.toString();
    if (entry === '.mdkgignore' && dir === root) return schedule();
    if (skippedName(entry)) return;
    const path = join(dir, entry);
    const stat = await lstat(path).catch(() => undefined);
    if (stat?.isDirectory()) {
      // A new (or moved-in) folder: watched, and the refresh finds what it holds.
      await add(path);
      return schedule();
    }
    if (stat === undefined) {
      // A folder removed or moved away: its watchers go.
      for (const [dirPath, w] of watchers)
        if (dirPath === path || dirPath.startsWith(path + sep)) {
          w.close();
          watchers.delete(dirPath);
        }
    }
    if (stat === undefined || entry.toLowerCase().endsWith('.md')) schedule();
  };

  const handle: FolderWatch = {
    ready: add(root),
    get mode() {
      return poll === undefined ? 'watch' : 'poll';
    },
    folders: () => [...watchers.keys()].sort(),
    close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(poll);
      closeAll();
    },
  };
  return handle;
}
