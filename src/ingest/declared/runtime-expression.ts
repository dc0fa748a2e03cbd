// OpenAPI 3 runtime expressions (`$response.body#/0/id`) as the field paths mdkg writes (`response[].id`).

/** What an expression names: a field of the producer, a constant (no binding), or why it cannot bind. */
export type ExpressionField = { field: string } | { constant: true } | { error: string };

/** A JSON Pointer's tokens (`/a/0/b` → a, 0, b), unescaped; undefined when it is not a pointer. */
function pointerTokens(pointer: string): string[] | undefined {
  if (pointer === '' || pointer === '/') return [];
  if (!pointer.startsWith('/')) return undefined;
  const tokens = pointer.slice(1).split('/');
  if (tokens.some((t) => /~[^01]|~$/.test(t))) return undefined;
  return tokens.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `response` + tokens a, 0, b → `response.a[].b`: an array index (or `-`) means "an item of". */
function joinPath(root: string, tokens: readonly string[]): string {
  let path = root;
  for (const token of tokens) path += /^(?:0|[1-9]\d*|-)$/.test(token) ? '[]' : `.${token}`;
  return path;
}

const NAME = /^[^\s{}]+$/;

/**
 * The field an expression names. `$response.body#/0/id` → `response[].id`, `$response.body` →
 * `response`, `$response.header.X-Id` → `response.header.X-Id`, `$request.path.id` →
 * `request.path.id`, `$request.body#/email` → `request.body.email`. A whole `{$…}` is read as the
 * expression; a value that is not a string or does not start with `$` or `{$` is a constant.
 * `$url`, `$method`, `$statusCode`, a template with other text and a malformed expression are errors.
 */
export function expressionField(value: unknown): ExpressionField {
  if (typeof value !== 'string') return { constant: true };
  let text = value.trim();
  if (text.startsWith('{$') && text.endsWith('}') && text.indexOf('}') === text.length - 1) text = text.slice(1, -1);
  else if (text.includes('{$'))
    return { error: `${JSON.stringify(value)} is a template with text around an expression; only a whole expression binds a field` };
  if (!text.startsWith('$')) return { constant: true };
  if (text === '$url' || text === '$method' || text === '$statusCode') return { error: `${text} names no field of a result` };
  const match = /^\$(request|response)\.(header|query|path|body)(?:([.#])(.*))?$/s.exec(text);
  if (match === null) return { error: `${JSON.stringify(value)} is not a runtime expression ($request.… or $response.…)` };
  const [, side, part, separator, rest] = match as unknown as [string, 'request' | 'response', string, string | undefined, string | undefined];
  if (part === 'body') {
    if (separator === undefined) return { field: side === 'response' ? 'response' : 'request.body' };
    const tokens = separator === '#' ? pointerTokens(rest ?? '') : undefined;
    if (tokens === undefined) return { error: `${JSON.stringify(value)}: the body is followed by '#' and a JSON Pointer such as #/id` };
    return { field: joinPath(side === 'response' ? 'response' : 'request.body', tokens) };
  }
  if (side === 'response' && part !== 'header') return { error: `${JSON.stringify(value)}: a response has a header or a body, not a ${part}` };
  if (separator !== '.' || rest === undefined || !NAME.test(rest)) return { error: `${JSON.stringify(value)}: ${part} is followed by '.' and a name` };
  return { field: `${side}.${part}.${rest}` };
}

/** A binding value written as a field path rather than an expression: `response`, `response[].id`, `request.path.id`. */
export const FIELD_PATH = /^(?:response|request)(?:(?:\[\])|(?:\.[^\s.[\]]+))*$/;
