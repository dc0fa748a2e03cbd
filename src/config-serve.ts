// The `serve` section of the config: the HTTP token, destructive-call confirmation, sampling, and
// what each client sees: the meta-tools exposed, allow and deny globs over `<source>/<tool>`, and
// named profiles, each reached with its own bearer token.
import { MdkgError } from './errors.js';
import { didYouMean } from './util/did-you-mean.js';

/** What a client sees: the meta-tools listed, and the downstream tools it may find and call. */
export interface ServePolicy {
  /** The meta-tools listed and callable (default: all). */
  expose?: string[];
  /** Globs over `<source>/<tool>`: only these tools (default: all). */
  allow?: string[];
  /** Globs over `<source>/<tool>`: never these tools (deny wins over allow). */
  deny?: string[];
}

/** A named profile: a bearer token (its environment variable) and its view; keys left out are the top level's. */
export interface ServeProfile extends ServePolicy {
  token_env: string;
}

export interface ServeConfig extends ServePolicy {
  /** The environment variable holding the bearer token HTTP clients must send. */
  token_env?: string;
  /** Destructive tools are confirmed (elicitation, else `confirm: true`) unless this is false. */
  confirm_destructive?: boolean;
  normalize?: boolean;
  profiles?: Record<string, ServeProfile>;
  /** `--http`: the most sessions open at once (default 256); one more gets 503 busy. */
  max_sessions?: number;
  /** `--http`: a session unused this long is closed (default 30 minutes). */
  session_idle_ms?: number;
}

/** Every meta-tool a profile may expose (the gateway's; reindex_codebase only with --code-root). */
export const EXPOSABLE_TOOLS = [
  'search_tools',
  'get_tool_schema',
  'call_tool',
  'plan_tools',
  'graph_schema',
  'graph_query',
  'graph_search',
  'graph_export',
  'index_status',
  'index_build',
  'learn_pair',
  'validate_symbol_relevance',
  'search_code',
  'search_by_symbol',
  'get_file_structure',
  'get_repo_map',
  'get_similar_patterns',
  'reindex_codebase',
] as const;

const SERVE_KEYS = ['token_env', 'confirm_destructive', 'normalize', 'expose', 'allow', 'deny', 'profiles', 'max_sessions', 'session_idle_ms'];
const PROFILE_KEYS = ['token_env', 'expose', 'allow', 'deny'];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PROFILE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

const invalid = (file: string, message: string): MdkgError => new MdkgError('MDKG_CONFIG_INVALID', `${file}: ${message}`, { file });
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function checkPolicy(value: Record<string, unknown>, where: string, file: string): void {
  const expose = value.expose;
  if (expose !== undefined) {
    if (!Array.isArray(expose) || expose.length === 0 || !expose.every((x) => typeof x === 'string'))
      throw invalid(file, `'${where}.expose' must be a list of meta-tool names (known: ${EXPOSABLE_TOOLS.join(', ')})`);
    for (const name of expose as string[])
      if (!(EXPOSABLE_TOOLS as readonly string[]).includes(name))
        throw invalid(file, `'${where}.expose' names no meta-tool '${name}'${didYouMean(name, EXPOSABLE_TOOLS) || ` (known: ${EXPOSABLE_TOOLS.join(', ')})`}`);
  }
  for (const key of ['allow', 'deny']) {
    const globs = value[key];
    if (globs === undefined) continue;
    if (!Array.isArray(globs) || !globs.every((g) => typeof g === 'string' && g.length > 0 && g.length <= 300))
      throw invalid(file, `'${where}.${key}' must be a list of globs over <source>/<tool> (e.g. "memory/*")`);
    const bad = (globs as string[]).find((g) => !g.includes('/'));
    if (bad !== undefined) throw invalid(file, `'${where}.${key}' entry '${bad}' must be a glob over <source>/<tool> (e.g. "${bad}/*")`);
  }
}

function checkTokenEnv(env: unknown, where: string, file: string): void {
  if (env !== undefined && !(typeof env === 'string' && ENV_NAME.test(env)))
    throw invalid(file, `'${where}.token_env' must be the name of an environment variable`);
}

/** Checks the `serve` section; unknown keys and unknown meta-tool names are errors with a did-you-mean. */
export function validateServe(serve: unknown, file: string): void {
  if (!isRecord(serve)) throw invalid(file, "'serve' must be a mapping");
  for (const key of Object.keys(serve))
    if (!SERVE_KEYS.includes(key)) throw invalid(file, `unknown key 'serve.${key}'${didYouMean(key, SERVE_KEYS, 'serve.')}`);
  for (const key of ['confirm_destructive', 'normalize'])
    if (serve[key] !== undefined && typeof serve[key] !== 'boolean') throw invalid(file, `'serve.${key}' must be true or false`);
  for (const [key, max] of [
    ['max_sessions', 100_000],
    ['session_idle_ms', 7 * 24 * 3600 * 1000],
  ] as const) {
    const v = serve[key];
    if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= max))
      throw invalid(file, `'serve.${key}' must be a positive integer up to ${max}`);
  }
  checkTokenEnv(serve.token_env, 'serve', file);
  checkPolicy(serve, 'serve', file);
  const profiles = serve.profiles;
  if (profiles === undefined) return;
  if (!isRecord(profiles)) throw invalid(file, "'serve.profiles' must be a mapping of profile name to profile");
  const envs = new Map<string, string>(typeof serve.token_env === 'string' ? [[serve.token_env, 'serve']] : []);
  for (const [name, profile] of Object.entries(profiles)) {
    const where = `serve.profiles.${name}`;
    if (!PROFILE_NAME.test(name)) throw invalid(file, `'${where}': a profile name is letters, digits, '.', '_' and '-'`);
    if (!isRecord(profile)) throw invalid(file, `'${where}' must be a mapping`);
    for (const key of Object.keys(profile))
      if (!PROFILE_KEYS.includes(key)) throw invalid(file, `unknown key '${where}.${key}'${didYouMean(key, PROFILE_KEYS, `${where}.`)}`);
    if (profile.token_env === undefined) throw invalid(file, `'${where}.token_env' is required: the environment variable holding the profile's bearer token`);
    checkTokenEnv(profile.token_env, where, file);
    const other = envs.get(profile.token_env as string);
    if (other !== undefined) throw invalid(file, `'${where}.token_env' is also the token of '${other}': each profile needs its own token`);
    envs.set(profile.token_env as string, where);
    checkPolicy(profile, where, file);
  }
}
