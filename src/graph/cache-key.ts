// The secret that signs parse caches. It lives outside every graph folder, in the user's state
// folder, so a cache that came with a repository (or was edited by hand, checksum and all) is not
// signed by it and is never trusted: the reviewed Markdown is what the graph says.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readRegularFileSync } from '../util/read-file.js';

const KEY_FILE = 'cache-key';
const KEY_BYTES = 32;
const secrets = new Map<string, Buffer>();

/** `$MDKG_STATE_DIR`, else `$XDG_STATE_HOME/mdkg`, else `~/.local/state/mdkg`. */
function stateDir(): string {
  const explicit = process.env.MDKG_STATE_DIR;
  if (explicit !== undefined && explicit !== '') return explicit;
  const xdg = process.env.XDG_STATE_HOME;
  return join(xdg !== undefined && xdg !== '' ? xdg : join(homedir(), '.local', 'state'), 'mdkg');
}

function readKey(file: string): Buffer | undefined {
  try {
    const bytes = readRegularFileSync(file, { maxBytes: 1024, follow: false });
    return bytes.length >= KEY_BYTES ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This user's cache secret, created on first use (mode 0600 in a 0700 folder). When the state
 * folder cannot be written, a secret for this process only: caches are then not reused across runs.
 */
export function cacheSecret(): Buffer {
  const dir = stateDir();
  const known = secrets.get(dir);
  if (known !== undefined) return known;
  const file = join(dir, KEY_FILE);
  let secret = readKey(file);
  if (secret === undefined) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(file, randomBytes(KEY_BYTES), { flag: 'wx', mode: 0o600 });
    } catch {
      // Another process made it first (read it below), or the folder is read-only.
    }
    secret = readKey(file) ?? randomBytes(KEY_BYTES);
  }
  secrets.set(dir, secret);
  return secret;
}
