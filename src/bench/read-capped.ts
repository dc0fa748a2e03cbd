import { readTextFile } from '../util/read-file.js';

/**
 * Reads a regular file of a dataset as UTF-8, refusing more than `maxBytes` (judged from the open
 * file, before reading), a FIFO or device, and a symbolic link. Throws MDKG_FILE_READ,
 * MDKG_NOT_FOUND, MDKG_PATH_ESCAPE, MDKG_FILE_TOO_LARGE or MDKG_BINARY_FILE with `file`.
 */
export function readCapped(path: string, maxBytes: number, file: string = path): Promise<string> {
  return readTextFile(path, { maxBytes, file, follow: false });
}
