// Newline-delimited messages read from a stream of chunks, in linear time: the parts of a line are
// kept as a list and joined once (the MCP SDK's read buffer copies itself on every chunk, which is
// quadratic in a long line), and a line over `maxBytes` is never held whole: it is skipped up to
// its newline, after one call of `onTooLarge`. Both ends of mdkg's stdio MCP connections read this
// way (the gateway's own stdin, and each downstream server's stdout).
export class LineReader {
  #chunks: Buffer[] = [];
  #length = 0;
  #skipping = false;

  constructor(
    readonly maxBytes: number,
    /** A complete line (UTF-8, without its newline and a trailing CR); blank lines are dropped. */
    private readonly onLine: (line: string) => void,
    /** A line grew past maxBytes: what was read of it is dropped, and the rest is skipped. */
    private readonly onTooLarge: () => void,
  ) {}

  push(chunk: Buffer): void {
    for (let rest = chunk; rest.length > 0; ) {
      const end = rest.indexOf(0x0a);
      const part = end === -1 ? rest : rest.subarray(0, end);
      rest = end === -1 ? Buffer.alloc(0) : rest.subarray(end + 1);
      if (!this.#skipping && this.#length + part.length > this.maxBytes) {
        this.clear();
        this.#skipping = true;
        this.onTooLarge();
      }
      if (this.#skipping) {
        if (end !== -1) this.#skipping = false;
        continue;
      }
      this.#chunks.push(part);
      this.#length += part.length;
      if (end === -1) return;
      const line = Buffer.concat(this.#chunks, this.#length).toString('utf8').replace(/\r$/, '');
      this.clear();
      if (line.trim() !== '') this.onLine(line);
    }
  }

  /** Drops a partly read line (the connection closed). */
  clear(): void {
    this.#chunks = [];
    this.#length = 0;
  }
}
