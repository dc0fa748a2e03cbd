// The `store:` section of mdkg.config.yaml and the --endpoint flag: where the SPARQL server is, how
// mdkg authenticates, how many requests it keeps in flight. Checked here; nothing is contacted.
import { MdkgError } from '../errors.js';
import { didYouMean } from '../util/did-you-mean.js';

export type StoreAuthScheme = 'digest' | 'basic' | 'bearer';

/** `store:` as written in the config (docs/sparql-server.md). */
export interface StoreConfig {
  /** SPARQL 1.1 Protocol query endpoint (read-only path; updates never go here). */
  query_url: string;
  /** Graph Store HTTP Protocol endpoint (PUT/DELETE/GET `?graph=<iri>`). Default: query_url's origin + /sparql-graph-crud-auth (Virtuoso). */
  graph_store_url?: string;
  auth?: { scheme: StoreAuthScheme; user_env?: string; password_env?: string; token_env?: string };
  /** Requests of a push in flight at once, 1 to 64. Default 4. */
  concurrency?: number;
  /** Time limit of one request of a push, ms. Default 60000. */
  timeout_ms?: number;
  /** Most bytes read of one answer. Default 64 MiB. */
  max_response_bytes?: number;
}

/** A store ready to use: URLs checked, secrets read from the environment. */
export interface StoreTarget {
  queryUrl: string;
  graphStoreUrl: string;
  auth?: { scheme: 'digest' | 'basic'; user: string; password: string } | { scheme: 'bearer'; token: string };
  concurrency: number;
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_STORE_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const KEYS = ['query_url', 'graph_store_url', 'auth', 'concurrency', 'timeout_ms', 'max_response_bytes'];
const AUTH_KEYS = ['scheme', 'user_env', 'password_env', 'token_env'];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const invalid = (file: string, message: string): MdkgError => new MdkgError('MDKG_CONFIG_INVALID', `${file}: ${message}`, { file });
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * An absolute http(s) URL without credentials or fragment, in WHATWG form; undefined otherwise.
 * Credentials in a URL would end up in logs: auth comes from environment variables instead.
 */
export function storeUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '' || url.hash !== '') return undefined;
  return url.href;
}

function checkInt(value: unknown, where: string, min: number, max: number, file: string): void {
  if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max))
    throw invalid(file, `'${where}' must be an integer from ${min} to ${max}`);
}

/** Checks the `store:` section; unknown keys are errors. */
export function validateStore(value: unknown, file: string): StoreConfig {
  if (!isRecord(value)) throw invalid(file, "'store' must be a mapping");
  for (const key of Object.keys(value)) if (!KEYS.includes(key)) throw invalid(file, `unknown key 'store.${key}'${didYouMean(key, KEYS, 'store.')}`);
  for (const key of ['query_url', 'graph_store_url']) {
    const url = value[key];
    if (url === undefined && key === 'graph_store_url') continue;
    if (typeof url !== 'string' || storeUrl(url) === undefined)
      throw invalid(file, `'store.${key}' must be an absolute http(s) URL without credentials or fragment (auth comes from store.auth)`);
  }
  checkInt(value.concurrency, 'store.concurrency', 1, 64, file);
  checkInt(value.timeout_ms, 'store.timeout_ms', 1, 2 ** 31 - 1, file);
  checkInt(value.max_response_bytes, 'store.max_response_bytes', 1024, 1024 * 1024 * 1024, file);
  const auth = value.auth;
  if (auth !== undefined) {
    if (!isRecord(auth)) throw invalid(file, "'store.auth' must be a mapping");
    for (const key of Object.keys(auth))
      if (!AUTH_KEYS.includes(key)) throw invalid(file, `unknown key 'store.auth.${key}'${didYouMean(key, AUTH_KEYS, 'store.auth.')}`);
    const need = auth.scheme === 'bearer' ? ['token_env'] : auth.scheme === 'digest' || auth.scheme === 'basic' ? ['user_env', 'password_env'] : undefined;
    if (need === undefined) throw invalid(file, "'store.auth.scheme' must be digest, basic or bearer");
    for (const key of AUTH_KEYS.slice(1)) {
      const name = auth[key];
      if (need.includes(key) && name === undefined) throw invalid(file, `'store.auth.${key}' is required with scheme ${String(auth.scheme)}`);
      if (name === undefined) continue;
      if (!need.includes(key)) throw invalid(file, `'store.auth.${key}' does not go with scheme ${String(auth.scheme)}`);
      if (typeof name !== 'string' || !ENV_NAME.test(name)) throw invalid(file, `'store.auth.${key}' must name an environment variable`);
    }
  }
  return value as unknown as StoreConfig;
}

/** The Graph Store endpoint Virtuoso serves next to /sparql: digest-authenticated, able to write. */
export function defaultGraphStoreUrl(queryUrl: string): string {
  return new URL('/sparql-graph-crud-auth', queryUrl).href;
}

function secret(env: Readonly<Record<string, string | undefined>>, name: string): string {
  const value = env[name];
  if (value === undefined || value === '')
    throw new MdkgError('MDKG_STORE_AUTH', `the environment variable ${name} named by store.auth is not set`, { variable: name });
  return value;
}

/**
 * The store to use: `--endpoint` (a query URL) wins over `store.query_url`; the rest of `store:`
 * applies either way. Undefined when neither is given.
 */
export function resolveStore(
  config: StoreConfig | undefined,
  endpoint: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): StoreTarget | undefined {
  const raw = endpoint ?? config?.query_url;
  if (raw === undefined) return undefined;
  const queryUrl = storeUrl(raw);
  if (queryUrl === undefined)
    throw new MdkgError('MDKG_USAGE', `--endpoint must be an absolute http(s) URL without credentials or fragment, got '${raw}'`, { endpoint: raw });
  const graphStoreUrl = config?.graph_store_url === undefined ? defaultGraphStoreUrl(queryUrl) : (storeUrl(config.graph_store_url) ?? '');
  const a = config?.auth;
  const auth: StoreTarget['auth'] =
    a === undefined
      ? undefined
      : a.scheme === 'bearer'
        ? { scheme: 'bearer', token: secret(env, a.token_env ?? '') }
        : { scheme: a.scheme, user: secret(env, a.user_env ?? ''), password: secret(env, a.password_env ?? '') };
  return {
    queryUrl,
    graphStoreUrl,
    ...(auth === undefined ? {} : { auth }),
    concurrency: config?.concurrency ?? DEFAULT_CONCURRENCY,
    timeoutMs: config?.timeout_ms ?? DEFAULT_STORE_TIMEOUT_MS,
    maxBytes: config?.max_response_bytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
}
