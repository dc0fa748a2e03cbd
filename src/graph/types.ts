import type { Diagnostic } from '../errors.js';
import type { WikiLink } from '../markdown-ld/types.js';

/** What the graph knows of one document file. */
export interface DocumentInfo {
  path: string;
  hash: string;
  /** The document IRI: its subject and the name of its graph. */
  iri: string;
  title?: string;
  /** Names a wiki link may use: id first, then title, aliases, heading, path. */
  names: string[];
  links: WikiLink[];
  /** Problems found while reading this document (link problems are reported on the graph). */
  diagnostics: Diagnostic[];
  /** False when an error made the document unusable. */
  usable: boolean;
  /** False when it is usable but not loaded (another document claimed its id first). */
  loaded: boolean;
}

export interface LoadOptions {
  /** Keep and reuse a parse cache (default true). */
  cache?: boolean;
  /** Cache folder (default `<graphs>/.mdkg`). */
  cacheDir?: string;
  /** Largest document accepted, in bytes (default 1 MiB). */
  maxBytes?: number;
  /**
   * A file changed less than this long ago is not trusted by its identity (size, inode, times) and
   * is read and hashed (default 2000 ms: file times are coarse on some file systems). Tests on file
   * systems with nanosecond times use 0.
   */
  racyMs?: number;
  /** Called as documents are read, for progress display. */
  onProgress?: (done: number, total: number) => void;
}

export interface LoadStats {
  files: number;
  parsed: number;
  reused: number;
  /** Of the reused, those whose file was not even read: same size, inode and times as when cached. */
  unread: number;
  removed: number;
  loaded: number;
  triples: number;
  ms: number;
}
