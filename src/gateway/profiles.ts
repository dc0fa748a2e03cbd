// What one client sees (serve.expose, serve.allow, serve.deny, serve.profiles): the meta-tools
// listed and callable, and the downstream tools it may find, read and call. stdio and HTTP clients
// without a profile token get the top level; a profile's keys left out are the top level's.
import type { MdkgConfig } from '../config.js';

export interface Profile {
  /** The profile's name ('default' for the top level). */
  name: string;
  /** The meta-tools listed and callable; undefined: all of them. */
  expose?: ReadonlySet<string>;
  /** Whether any tool may be hidden (allow or deny rules). */
  restricts: boolean;
  /** Why `<source>/<tool>` is hidden from this profile, or undefined when it may be used. */
  denied(source: string, tool: string): string | undefined;
}

/**
 * A glob over `<source>/<tool>` as a regular expression: `*` is any run of characters (slashes
 * included: a tool name may have some), `?` one character, everything else itself. Case-sensitive.
 */
export function globRegExp(glob: string): RegExp {
  const body = [...glob]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.|+()[\]{}]/g, '\\$&')))
    .join('')
    // Runs of `*` are one `*` (no needless backtracking).
    .replace(/(?:\.\*)+/g, '.*');
  return new RegExp(`^${body}$`, 's');
}

function makeProfile(name: string, expose: string[] | undefined, allow: string[] | undefined, deny: string[] | undefined): Profile {
  const allowed = allow?.map((g) => ({ g, re: globRegExp(g) }));
  const denied = (deny ?? []).map((g) => ({ g, re: globRegExp(g) }));
  return {
    name,
    restricts: allowed !== undefined || denied.length > 0,
    ...(expose === undefined ? {} : { expose: new Set(expose) }),
    denied(source, tool) {
      const key = `${source}/${tool}`;
      const hit = denied.find((d) => d.re.test(key));
      if (hit !== undefined) return `denied by serve profile "${name}" (deny: ${hit.g})`;
      if (allowed !== undefined && !allowed.some((a) => a.re.test(key)))
        return `not allowed by serve profile "${name}" (allow: ${allowed.map((a) => a.g).join(', ')})`;
      return undefined;
    },
  };
}

const cache = new WeakMap<MdkgConfig, Map<string, Profile>>();

/**
 * The profile `name` of the config (undefined or unknown: the top level, 'default'). Made once per
 * config object: a config applied live gets its own.
 */
export function profileOf(config: MdkgConfig, name?: string): Profile {
  let byName = cache.get(config);
  if (byName === undefined) {
    byName = new Map();
    cache.set(config, byName);
  }
  const key = name !== undefined && config.serve?.profiles?.[name] !== undefined ? name : 'default';
  let profile = byName.get(key);
  if (profile === undefined) {
    const top = config.serve ?? {};
    const own = key === 'default' ? top : { ...top, ...config.serve?.profiles?.[key] };
    profile = makeProfile(key, own.expose, own.allow, own.deny);
    byName.set(key, profile);
  }
  return profile;
}

/** Whether the profile lists and answers the meta-tool `name`. */
export function exposes(profile: Profile, name: string): boolean {
  return profile.expose === undefined || profile.expose.has(name);
}

/**
 * The bearer token of each profile whose environment variable holds one (at least 16 characters),
 * and the profiles whose variable does not (a start refuses those).
 */
export function profileTokens(config: MdkgConfig, env: NodeJS.ProcessEnv): { tokens: Map<string, string>; missing: string[] } {
  const tokens = new Map<string, string>();
  const missing: string[] = [];
  for (const [name, p] of Object.entries(config.serve?.profiles ?? {})) {
    const token = env[p.token_env];
    if (token === undefined || token.length < 16) missing.push(`${name} (${p.token_env})`);
    else tokens.set(token, name);
  }
  return { tokens, missing };
}
