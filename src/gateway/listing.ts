// The meta-tools one client is listed (tools/list): those its profile exposes, with the
// search_tools description naming the sources it can reach and their tool counts. What a client
// was listed is remembered, so that it is sent tools/list_changed only when that changed.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { CODE_TOOLS, REINDEX_TOOL } from './code-tools.js';
import type { Gateway } from './gateway.js';
import { META_TOOLS } from './meta-tools.js';
import { exposes, type Profile } from './profiles.js';

/** Sources named in the description at most (the rest are counted). */
const MAX_SOURCES_NAMED = 30;

/**
 * `Sources: filesystem (14 tools), memory (9), everything (13, connecting).`: each source (the
 * configured servers in config order, then catalog sources by id) with the tools the profile may
 * use, and the server's state unless connected. A source whose tools are all hidden is left out.
 */
export function sourcesLine(gw: Gateway, profile: Profile): string {
  const counts = new Map<string, { all: number; visible: number }>();
  for (const id of gw.servers.keys()) counts.set(id, { all: 0, visible: 0 });
  const rest = [...new Set(gw.tools.map((t) => t.source))].filter((s) => !gw.servers.has(s)).sort();
  for (const id of rest) counts.set(id, { all: 0, visible: 0 });
  for (const t of gw.tools) {
    const c = counts.get(t.source)!;
    c.all += 1;
    if (profile.denied(t.source, t.name) === undefined) c.visible += 1;
  }
  const parts: string[] = [];
  for (const [id, c] of counts) {
    if (c.all > 0 && c.visible === 0) continue;
    const state = gw.servers.get(id)?.state;
    const note = state === undefined || state === 'connected' ? '' : state === 'down' ? ', down' : ', connecting';
    parts.push(`${id} (${c.visible}${parts.length === 0 ? ' tools' : ''}${note})`);
  }
  if (parts.length === 0) return 'Sources: none yet.';
  const named = parts.slice(0, MAX_SOURCES_NAMED).join(', ');
  return `Sources: ${named}${parts.length > MAX_SOURCES_NAMED ? ` and ${parts.length - MAX_SOURCES_NAMED} more` : ''}.`;
}

/**
 * The meta-tools the profile lists, in the gateway's order (reindex_codebase only with a code
 * root); `sources`: with the sources line in search_tools' description (false for a call's check).
 */
export function listedTools(gw: Gateway, profile: Profile, sources = true): Tool[] {
  const all = [...META_TOOLS, ...CODE_TOOLS, ...(gw.codeRoot === undefined ? [] : [REINDEX_TOOL])];
  return all
    .filter((t) => exposes(profile, t.name))
    .map((t) => (sources && t.name === 'search_tools' ? { ...t, description: `${t.description ?? ''} ${sourcesLine(gw, profile)}` } : t));
}
