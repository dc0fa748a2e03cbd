// JSON.stringify(value, null, 2) as a sequence of bounded chunks, for values whose text would
// exceed what one string can hold (V8 strings stop at about 512 MiB).

const CHUNK = 1 << 16;

/**
 * Yields the text of `JSON.stringify(value, null, 2)` (same bytes, `toJSON` honoured) in chunks
 * of about 64 KiB: memory for the text is bounded by the chunk size, not by the value's size.
 * Values JSON cannot represent follow JSON.stringify: `undefined` and functions are left out of
 * objects and become null in arrays; non-finite numbers become null.
 */
export function* jsonChunks(value: unknown): Generator<string> {
  let buffer = '';
  function* flush(force: boolean): Generator<string> {
    if (buffer.length >= CHUNK || (force && buffer !== '')) {
      yield buffer;
      buffer = '';
    }
  }
  function* write(key: string, input: unknown, indent: string): Generator<string, boolean> {
    let v = input;
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function')
      v = (v as { toJSON: (k: string) => unknown }).toJSON(key);
    if (v === null || typeof v !== 'object') {
      const text = JSON.stringify(v);
      if (text === undefined) return false;
      buffer += text;
      yield* flush(false);
      return true;
    }
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      if (v.length === 0) {
        buffer += '[]';
        return true;
      }
      buffer += '[';
      for (const [i, item] of v.entries()) {
        buffer += `${i === 0 ? '' : ','}\n${inner}`;
        if (!(yield* write(String(i), item, inner))) buffer += 'null';
      }
      buffer += `\n${indent}]`;
      yield* flush(false);
      return true;
    }
    let first = true;
    buffer += '{';
    for (const k of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[k];
      const mark = buffer.length;
      buffer += `${first ? '' : ','}\n${inner}${JSON.stringify(k)}: `;
      const kept = yield* write(k, item, inner);
      if (!kept)
        buffer = buffer.slice(0, mark); // nothing was flushed: a dropped value writes nothing
      else first = false;
    }
    buffer += first ? '}' : `\n${indent}}`;
    yield* flush(false);
    return true;
  }
  const kept = yield* write('', value, '');
  if (kept) yield* flush(true);
}
