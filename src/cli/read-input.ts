// The text a command reads from `--file <path>` or standard input: bounded, and valid UTF-8.
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { MdkgError } from '../errors.js';
import type { CliIo } from './io.js';

const CHUNK = 64 * 1024;

/**
 * Decodes UTF-8 strictly (a leading byte order mark is dropped): invalid UTF-8 is
 * MDKG_BINARY_FILE, as it is for documents, never a text with replacement characters.
 */
function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new MdkgError('MDKG_BINARY_FILE', `${what} is not UTF-8 text`, { file: what });
  }
}

function tooLarge(what: string, maxBytes: number): MdkgError {
  return new MdkgError('MDKG_FILE_TOO_LARGE', `${what} has more than ${maxBytes} bytes`, { file: what, limit: maxBytes });
}

/**
 * Reads a file given on the command line, at most `maxBytes` (a pipe such as `<(...)` is fine;
 * `/dev/zero` or an endless pipe stops at the limit), as UTF-8.
 */
export async function readInputFile(io: CliIo, path: string, maxBytes: number): Promise<string> {
  const handle = await open(resolve(io.cwd, path), 'r');
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new MdkgError('MDKG_FILE_READ', `${path}: is a folder, not a file`, { file: path });
    if (info.isFile() && info.size > maxBytes) throw tooLarge(path, maxBytes);
    const parts: Buffer[] = [];
    let length = 0;
    for (;;) {
      const buffer = Buffer.alloc(CHUNK);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw tooLarge(path, maxBytes);
      parts.push(buffer.subarray(0, bytesRead));
    }
    return decodeUtf8(Buffer.concat(parts, length), path);
  } finally {
    await handle.close();
  }
}

/** Reads standard input to the end, at most `maxBytes`, as UTF-8. */
export async function readInputStdin(io: CliIo, maxBytes: number): Promise<string> {
  if (io.readStdin === undefined) throw new MdkgError('MDKG_USAGE', 'standard input is not available');
  const input = await io.readStdin(maxBytes);
  if (typeof input === 'string') {
    if (Buffer.byteLength(input) > maxBytes) throw tooLarge('standard input', maxBytes);
    return input;
  }
  if (input.length > maxBytes) throw tooLarge('standard input', maxBytes);
  return decodeUtf8(input, 'standard input');
}
