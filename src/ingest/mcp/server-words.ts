// What a server says about itself in its `initialize` result (name, title, version, instructions):
// read from a connected SDK client, checked and bounded before it is written into a document.

/** A server's own words, as its `initialize` result gave them (strings only; each bounded). */
export interface ServerWords {
  name?: string;
  title?: string;
  version?: string;
  instructions?: string;
}

/** Longest name, title or version kept (characters); longer ones are cut. */
export const MAX_SERVER_LABEL = 200;
/** Longest `instructions` kept in the source document (characters): the search indexes far less. */
export const MAX_SERVER_INSTRUCTIONS = 16_384;

/** One line: runs of white space (line breaks included) become one space; cut to `max` characters. */
function line(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = [...value.replace(/\s+/g, ' ').trim()].slice(0, max).join('');
  return text === '' ? undefined : text;
}

/** Text as written (line breaks kept, `\r\n` as `\n`, no NUL), cut to `max` characters. */
function block(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = [...value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')].slice(0, max).join('').trim();
  return text === '' ? undefined : text;
}

/**
 * The words of `initialize`: `info` as `client.getServerVersion()` returns it and `instructions`
 * as `client.getInstructions()` does. Anything not a string is left out; undefined when nothing is left.
 */
export function serverWords(info: unknown, instructions: unknown): ServerWords | undefined {
  const record = info !== null && typeof info === 'object' ? (info as Record<string, unknown>) : {};
  const words: ServerWords = {};
  const name = line(record.name, MAX_SERVER_LABEL);
  const title = line(record.title, MAX_SERVER_LABEL);
  const version = line(record.version, MAX_SERVER_LABEL);
  const text = block(instructions, MAX_SERVER_INSTRUCTIONS);
  if (name !== undefined) words.name = name;
  if (title !== undefined) words.title = title;
  if (version !== undefined) words.version = version;
  if (text !== undefined) words.instructions = text;
  return Object.keys(words).length === 0 ? undefined : words;
}
