// The id of a JSON-RPC answer read without parsing it: a downstream answer over its cap is never
// parsed (a 2 MiB result would cost JSON.parse, the SDK's schema check and a copy of every string,
// only to be refused), yet the request it answers must fail at once. The scanner reads the bytes
// once, in chunks as they arrive, keeping a depth counter and two small fixed buffers: strings and
// nesting are skipped, and only the top-level keys and the value of "id" are looked at. It is not
// a validator: for a valid JSON text it agrees with JSON.parse (duplicate "id" keys: the last wins);
// for anything else it never throws and never takes more than one pass.

export type AnswerId = string | number;

/** The id found, or why there is none. */
export type ScannedId = { id: AnswerId } | { id: undefined; why: string };

/** Longest id string read, in UTF-16 units (the gateway's own limit for a request id). */
export const MAX_ID_CHARS = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Bytes kept of a top-level key (`"\u0069\u0064"` is 12) and of an id (256 units, each up to a six-byte `\u` escape such as `\u00e9`). */
const KEY_BYTES = 64;
const ID_BYTES = MAX_ID_CHARS * 6;
const TOKEN_BYTES = 64;

type Phase = 'start' | 'object' | 'closed' | 'dead';
/** What the top-level object expects next, outside strings and nested values. */
type Want = 'key' | 'colon' | 'value' | 'comma';

export class AnswerIdScanner {
  #phase: Phase = 'start';
  #depth = 0;
  #want: Want = 'key';
  #inString = false;
  #escaped = false;
  /** Inside a top-level scalar (number, literal) that is being read. */
  #inToken = false;
  /** What the string or token being read is: a top-level key, the value of "id", or neither. */
  #reading: 'key' | 'id' | 'skip' = 'skip';
  /** The last top-level key read was "id" / "method". */
  #keyIsId = false;
  readonly #buf = new Uint8Array(ID_BYTES);
  #length = 0;
  #overflow = false;
  #hasBackslash = false;
  #id: AnswerId | 'bad' | undefined;
  #method = false;

  /** Starts over for a new message. */
  reset(): void {
    this.#phase = 'start';
    this.#depth = 0;
    this.#want = 'key';
    this.#inString = false;
    this.#escaped = false;
    this.#inToken = false;
    this.#reading = 'skip';
    this.#keyIsId = false;
    this.#length = 0;
    this.#overflow = false;
    this.#hasBackslash = false;
    this.#id = undefined;
    this.#method = false;
  }

  /** Reads the next bytes of the message. */
  push(bytes: Uint8Array): void {
    /** The next backslash at or after the last search (-1: none left in `bytes`; -2: not searched yet). */
    let backslash = -2;
    for (let i = 0; i < bytes.length && this.#phase !== 'dead'; i++) {
      // Inside a string that is not kept, only a quote or a backslash matters: jump to the next one (native search).
      if (this.#inString && !this.#escaped && (this.#depth !== 1 || this.#reading === 'skip')) {
        if (backslash !== -1 && backslash < i) backslash = bytes.indexOf(BACKSLASH, i);
        const quote = bytes.indexOf(QUOTE, i);
        const stop = Math.min(quote === -1 ? bytes.length : quote, backslash === -1 ? bytes.length : backslash);
        if (stop >= bytes.length) return;
        i = stop;
      }
      this.#byte(bytes[i] as number);
    }
  }

  /** The message ended: its id, or why it has none usable. */
  end(): ScannedId {
    if (this.#inToken) this.#endToken();
    if (this.#phase !== 'closed') return { id: undefined, why: 'it is not one complete JSON object' };
    if (this.#method) return { id: undefined, why: 'it is a request or a notification (it has a "method")' };
    if (this.#id === undefined) return { id: undefined, why: 'it has no top-level "id"' };
    if (this.#id === 'bad') return { id: undefined, why: `its "id" is not a number or a string of ${MAX_ID_CHARS} characters or fewer` };
    return { id: this.#id };
  }

  #keep(b: number): void {
    if (this.#reading === 'skip') return;
    if (b === BACKSLASH) this.#hasBackslash = true;
    const limit = this.#reading === 'key' ? KEY_BYTES : this.#inToken ? TOKEN_BYTES : ID_BYTES;
    if (this.#length >= limit) this.#overflow = true;
    else this.#buf[this.#length++] = b;
  }

  #begin(reading: 'key' | 'id' | 'skip'): void {
    this.#reading = reading;
    this.#length = 0;
    this.#overflow = false;
    this.#hasBackslash = false;
  }

  #byte(b: number): void {
    if (this.#inString) {
      if (this.#escaped) this.#escaped = false;
      else if (b === BACKSLASH) this.#escaped = true;
      else if (b === QUOTE) {
        this.#inString = false;
        if (this.#depth === 1) this.#endString();
        return;
      }
      if (this.#depth === 1) this.#keep(b);
      return;
    }
    if (this.#phase === 'start' || this.#phase === 'closed') {
      if (isSpace(b)) return;
      if (this.#phase === 'start' && b === OPEN_OBJECT) {
        this.#phase = 'object';
        this.#depth = 1;
        this.#want = 'key';
      } else this.#phase = 'dead';
      return;
    }
    if (this.#inToken) {
      if (!isSpace(b) && b !== COMMA && b !== CLOSE_OBJECT && b !== CLOSE_ARRAY && b !== QUOTE && b !== OPEN_OBJECT && b !== OPEN_ARRAY) {
        this.#keep(b);
        return;
      }
      this.#endToken();
    }
    if (b === QUOTE) {
      this.#inString = true;
      if (this.#depth === 1) this.#begin(this.#want === 'key' ? 'key' : this.#want === 'value' && this.#keyIsId ? 'id' : 'skip');
      return;
    }
    if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      if (this.#depth === 1 && this.#want === 'value') this.#value(this.#keyIsId ? 'bad' : undefined);
      this.#depth += 1;
      return;
    }
    if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      this.#depth -= 1;
      if (this.#depth === 0) this.#phase = 'closed';
      return;
    }
    if (this.#depth !== 1 || isSpace(b)) return;
    if (b === COMMA) this.#want = 'key';
    else if (b === COLON) this.#want = 'value';
    else if (this.#want === 'value') {
      this.#inToken = true;
      this.#begin(this.#keyIsId ? 'id' : 'skip');
      this.#keep(b);
    }
  }

  /** A top-level value was read: the id's, when its key was "id" (`undefined`: not the id). */
  #value(id: AnswerId | 'bad' | undefined): void {
    if (this.#keyIsId) this.#id = id;
    this.#want = 'comma';
  }

  #text(): string | undefined {
    if (this.#overflow) return undefined;
    const raw = Buffer.from(this.#buf.buffer, 0, this.#length).toString('utf8');
    if (!this.#hasBackslash) return raw;
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return undefined;
    }
  }

  #endString(): void {
    if (this.#reading === 'key') {
      // Most keys are not "id" nor "method": compared by length first, decoded only when escaped.
      const maybe = this.#hasBackslash || this.#length === 2 || this.#length === 6;
      const key = maybe ? this.#text() : undefined;
      this.#keyIsId = key === 'id';
      if (key === 'method') this.#method = true;
      this.#want = 'colon';
    } else if (this.#reading === 'id') {
      const text = this.#text();
      this.#value(text !== undefined && text.length <= MAX_ID_CHARS ? text : 'bad');
    } else if (this.#want === 'value') this.#value(undefined);
    this.#reading = 'skip';
  }

  #endToken(): void {
    this.#inToken = false;
    if (this.#reading === 'id') {
      const text = this.#overflow ? '' : Buffer.from(this.#buf.buffer, 0, this.#length).toString('latin1');
      this.#value(NUMBER.test(text) ? Number(text) : 'bad');
    } else this.#value(undefined);
    this.#reading = 'skip';
  }
}

const shared = new AnswerIdScanner();

/** The id of one whole message (a line, a body, an event's data) given as its parts. */
export function scanAnswerId(parts: ReadonlyArray<Uint8Array>): ScannedId {
  shared.reset();
  for (const part of parts) shared.push(part);
  return shared.end();
}
