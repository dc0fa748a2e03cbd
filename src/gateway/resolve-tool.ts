// Which tool a reference names (get_tool_schema, call_tool, learned pairs): an id, source/name or a
// bare name one source has; else why not, with the nearest visible names. A profile's hidden tools
// are neither found nor suggested.
import { closeNames } from './close-names.js';
import type { Gateway, KnownTool } from './gateway.js';
import type { Profile } from './profiles.js';

/**
 * The tool a reference names: `tool:<source>/<name>`, `<source>/<name>`, or a bare name when only
 * one source has it. Otherwise why not, with the nearest names (src/gateway/close-names.ts). With a
 * profile, its hidden tools are neither found nor suggested.
 */
export function resolveTool(gw: Gateway, ref: string, profile?: Profile): KnownTool | { error: string; candidates: string[] } {
  const visible = profile === undefined ? gw.tools : gw.tools.filter((t) => profile.denied(t.source, t.name) === undefined);
  const bare = ref.startsWith('tool:') ? ref.slice(5) : ref;
  const exact = gw.tools.find((t) => `${t.source}/${t.name}` === bare);
  const why = exact === undefined ? undefined : profile?.denied(exact.source, exact.name);
  if (exact !== undefined && why === undefined) return exact;
  if (exact !== undefined) return { error: `${exact.id} is ${why}`, candidates: [] };
  const byName = visible.filter((t) => t.name === ref);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1) return { error: `'${ref}' names a tool of several servers: say which`, candidates: byName.map((t) => t.id) };
  const hidden = profile === undefined ? undefined : gw.tools.find((t) => t.name === ref);
  if (hidden !== undefined) return { error: `${hidden.id} is ${profile?.denied(hidden.source, hidden.name)}`, candidates: [] };
  return { error: `no tool '${ref}'`, candidates: closeNames(ref, visible) };
}
