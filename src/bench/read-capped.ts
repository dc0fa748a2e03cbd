import { open } from 'node:fs/promises';
import { MdkgError } from '../errors.js';

/**
 * Reads a regular file as UTF-8, refusing more than `maxBytes`. Reads at most `maxBytes + 1`
 * bytes whatever the file claims to be (a FIFO, /dev/zero or a file growing under us cannot make
 * it read more). Throws MDKG_FILE_READ, MDKG_FILE_TOO_LARGE or MDKG_BINARY_FILE with `file`.
 */
export async function readCapped(path: string, maxBytes: number, file: string = path): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new MdkgError('MDKG_FILE_READ', `cannot read ${file}: ${(error as Error).message}`, { file });
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new MdkgError('MDKG_FILE_READ', `${file} is not a regular file`, { file });
    if (stat.size > maxBytes) throw new MdkgError('MDKG_FILE_TOO_LARGE', `${file} has ${stat.size} bytes; at most ${maxBytes} are read`, { file });
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw new MdkgError('MDKG_FILE_TOO_LARGE', `${file} has more than ${maxBytes} bytes`, { file });
    const bytes = buffer.subarray(0, length);
    if (bytes.includes(0)) throw new MdkgError('MDKG_BINARY_FILE', `${file} holds NUL bytes: not a text file`, { file });
    return bytes.toString('utf8');
  } finally {
    await handle.close();
  }
}
