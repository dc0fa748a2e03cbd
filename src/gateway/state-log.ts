// The state lines of the downstream servers (stderr, in stdio and HTTP modes alike): one line per
// change (connecting, connected with its tool count, down with its error and retry, reconnecting,
// list_changed, stopped, added, changed or removed by the config). Secret values of a server's
// config (env values, HTTP header values) never appear in a line, nor in /health.
import type { Downstream, ServerEvent } from './downstream.js';
import type { LiveServerConfig } from '../ingest/mcp/live-transport.js';
import { escapeForTerminal } from '../util/terminal-text.js';

/** Values shorter than this are not masked (masking "1" or "on" everywhere would garble messages). */
const MIN_SECRET_CHARS = 4;

/** The values of a server's config that may be secrets: its env values and its HTTP header values. */
export function secretsOf(server: LiveServerConfig): string[] {
  const values = 'url' in server ? Object.values(server.headers ?? {}) : Object.values(server.env ?? {});
  // An Authorization header's value is masked whole and by its token alone.
  return [...new Set(values.flatMap((v) => [v, ...v.split(/\s+/)]))].filter((v) => v.length >= MIN_SECRET_CHARS);
}

/** `text` with every occurrence of a secret replaced by `***`, longest secret first, on one line. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join('***');
  return escapeForTerminal(out);
}

/** The error of a down server, without its config's secrets. */
export function errorText(s: Downstream): string | undefined {
  return s.lastError === undefined ? undefined : redact(s.lastError, secretsOf(s.server));
}

/** When a down server is tried again. */
function retry(s: Downstream): string {
  if (!Number.isFinite(s.retryAt)) return `left down after ${s.failures} failures until index_build`;
  return s.retryAt <= Date.now() ? 'retried on the next call that needs it' : `retried after ${new Date(s.retryAt).toISOString()}`;
}

/** The line for one event of a server. */
/** A message of the server dropped unread (over its result cap, answering no request waiting). */
export function droppedLine(s: Downstream, message: string): string {
  return `mdkg serve: server "${escapeForTerminal(s.source)}" ${escapeForTerminal(message)}`;
}

export function serverLine(s: Downstream, event: ServerEvent): string {
  const name = `mdkg serve: server "${escapeForTerminal(s.source)}"`;
  switch (event) {
    case 'connecting':
      return s.failures === 0 ? `${name} connecting` : `${name} reconnecting (after ${s.failures} failure${s.failures === 1 ? '' : 's'})`;
    case 'connected':
      return `${name} connected: ${s.tools.size} tools`;
    case 'down':
      return `${name} down: ${errorText(s) ?? 'unknown error'}; ${retry(s)}`;
    case 'list_changed':
      return `${name} list_changed: ${s.tools.size} tools`;
    case 'idle':
      return `${name} stopped`;
  }
}

/** The line for a server the config added, changed or removed while the gateway runs. */
export function configLine(source: string, change: 'added' | 'changed' | 'removed'): string {
  const what = {
    added: 'added by the config: connecting',
    changed: 'changed in the config: reconnecting with the new settings',
    removed: 'removed from the config: stopped; its tools are no longer offered (their documents are kept)',
  }[change];
  return `mdkg serve: server "${escapeForTerminal(source)}" ${what}`;
}
