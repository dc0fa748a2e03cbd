/**
 * Where a JSON text first goes wrong. Node 20's `JSON.parse` often names no position
 * (`Unexpected token '}', "..." is not valid JSON`), so a failed parse is scanned again here to
 * find the offset. Iterative (an explicit stack), so deep nesting cannot overflow the call stack.
 */
export interface JsonSyntaxError {
  /** 0-based offset into the text. */
  offset: number;
  reason: string;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const LITERALS = ['true', 'false', 'null'];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

/** The first syntax error of `text`, or undefined when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const stack: Array<'object' | 'array'> = [];
  const skipWs = (): void => {
    while (i < text.length && WS.has(text.charCodeAt(i))) i += 1;
  };
  const fail = (reason: string): JsonSyntaxError => ({
    offset: i,
    reason: i >= text.length ? `${reason}, found the end of the text` : `${reason}, found ${JSON.stringify(text[i])}`,
  });
  const string = (): JsonSyntaxError | undefined => {
    for (i += 1; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i += 1;
        return undefined;
      }
      if (c < 0x20) break;
      if (c === 0x5c) {
        const escaped = text[i + 1] ?? '';
        if ('"\\/bfnrt'.includes(escaped) && escaped !== '') i += 1;
        else if (escaped === 'u' && HEX4.test(text.slice(i + 2, i + 6))) i += 5;
        else break;
      }
    }
    return fail('unterminated string or bad escape');
  };
  /** Reads one scalar, or opens a container; says what to read next. */
  const value = (): JsonSyntaxError | 'key' | 'value' | 'after' => {
    skipWs();
    const c = text[i];
    if (c === '{' || c === '[') {
      i += 1;
      skipWs();
      if (text[i] === (c === '{' ? '}' : ']')) {
        i += 1;
        return 'after';
      }
      stack.push(c === '{' ? 'object' : 'array');
      return c === '{' ? 'key' : 'value';
    }
    if (c === '"') return string() ?? 'after';
    const literal = LITERALS.find((word) => text.startsWith(word, i));
    if (literal !== undefined) {
      i += literal.length;
      return 'after';
    }
    NUMBER.lastIndex = i;
    if (NUMBER.exec(text) !== null && NUMBER.lastIndex > i) {
      i = NUMBER.lastIndex;
      return 'after';
    }
    return fail('expected a value');
  };
  const key = (): JsonSyntaxError | 'value' => {
    skipWs();
    if (text[i] !== '"') return fail('expected a property name in double quotes');
    const bad = string();
    if (bad !== undefined) return bad;
    skipWs();
    if (text[i] !== ':') return fail("expected ':' after the property name");
    i += 1;
    return 'value';
  };
  /** After a value: a comma, the close of the container, or (at the top) the end. */
  const after = (): JsonSyntaxError | 'key' | 'value' | 'after' | 'end' => {
    skipWs();
    const top = stack[stack.length - 1];
    if (top === undefined) return i < text.length ? fail('unexpected text after the JSON value') : 'end';
    const close = top === 'object' ? '}' : ']';
    if (text[i] === ',') {
      i += 1;
      return top === 'object' ? 'key' : 'value';
    }
    if (text[i] !== close) return fail(`expected ',' or '${close}'`);
    stack.pop();
    i += 1;
    return 'after';
  };

  let next: JsonSyntaxError | 'key' | 'value' | 'after' | 'end' = 'value';
  while (typeof next === 'string') {
    if (next === 'end') return undefined;
    next = next === 'value' ? value() : next === 'key' ? key() : after();
  }
  return next;
}
