// Newline-delimited messages read from a stream of chunks, in linear time: the parts of a line are
// kept as a list and joined once (the MCP SDK's read buffer copies itself on every chunk, which is
// quadratic in a long line), and a line over `maxBytes` is never held whole: it is skipped up to
// its newline, after one call of `onTooLarge`. Both ends of mdkg's stdio MCP connections read this
// way (the gateway's own stdin, and each downstream server's stdout). A reader given `long` hands
// over a line longer than `long.over` as its bytes (never decoded into a string), and the bytes of
// a skipped line as they pass, so that its caller can read them without parsing (answer-id.ts).

export interface LongLines {
  /** Lines longer than this many bytes go to `line` as their parts instead of `onLine`. */
  over: number;
  /** A complete line over `over` bytes (up to maxBytes), as its parts and its length (a trailing CR included). */
  line(parts: ReadonlyArray<Buffer>, length: number): void;
  /** A part of a line over maxBytes, in order from its first byte, as it is skipped. */
  skipped(part: Buffer): void;
  /** The newline of a skipped line: its length. */
  skippedEnd(length: number): void;
}

export class LineReader {
  #chunks: Buffer[] = [];
  #length = 0;
  #skipping = false;
  #skippedLength = 0;

  constructor(
    readonly maxBytes: number,
    /** A complete line (UTF-8, without its newline and a trailing CR); blank lines are dropped. */
    private readonly onLine: (line: string) => void,
    /** A line grew past maxBytes: what was read of it is dropped, and the rest is skipped. */
    private readonly onTooLarge: () => void,
    private readonly long?: LongLines,
  ) {}

  push(chunk: Buffer): void {
    for (let rest = chunk; rest.length > 0; ) {
      const end = rest.indexOf(0x0a);
      const part = end === -1 ? rest : rest.subarray(0, end);
      rest = end === -1 ? Buffer.alloc(0) : rest.subarray(end + 1);
      if (!this.#skipping && this.#length + part.length > this.maxBytes) {
        const held = this.#chunks;
        this.#skippedLength = this.#length;
        this.clear();
        this.#skipping = true;
        this.onTooLarge();
        for (const part of held) this.long?.skipped(part);
      }
      if (this.#skipping) {
        this.long?.skipped(part);
        this.#skippedLength += part.length;
        if (end !== -1) {
          this.#skipping = false;
          this.long?.skippedEnd(this.#skippedLength);
        }
        continue;
      }
      this.#chunks.push(part);
      this.#length += part.length;
      if (end === -1) return;
      const [parts, length] = [this.#chunks, this.#length];
      this.clear();
      if (this.long !== undefined && length > this.long.over) {
        this.long.line(parts, length);
        continue;
      }
      const line = Buffer.concat(parts, length).toString('utf8').replace(/\r$/, '');
      if (line.trim() !== '') this.onLine(line);
    }
  }

  /** Drops a partly read line (the connection closed). */
  clear(): void {
    this.#chunks = [];
    this.#length = 0;
  }
}
