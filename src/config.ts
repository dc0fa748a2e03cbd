import { isAbsolute, join, resolve } from 'node:path';
import { type ServeConfig, validateServe } from './config-serve.js';
import { validateHints, validateServers, validateSources, type HintsConfig, type ServerConfig, type SourceConfig } from './config-sources.js';
import { MdkgError } from './errors.js';
import { type StoreConfig, validateStore } from './store/store-config.js';
import { withOverrides, type SearchOverrides } from './search/params/search-params.js';
import { readTextFile } from './util/read-file.js';
import { type EmbeddingsConfig, validateEmbeddings } from './search/vector/embeddings-config.js';

/** Config files above this size are refused unread. */
const MAX_CONFIG_BYTES = 1024 * 1024;
import { didYouMean } from './util/did-you-mean.js';

/** Settings read from `mdkg.config.yaml` / `mdkg.config.json` (schema: schemas/config.schema.json). */
export interface MdkgConfig {
  /** Graph folder, relative to the config file. */
  graphs?: string;
  sparql?: {
    /** SERVICE endpoints queries may reach. Nothing else is ever contacted. */
    allow_services?: string[];
    timeout_ms?: number;
    limit?: number;
    /** `mdkg serve`: part of one core's time long queries together run while other requests are served (default 0.25; 1: never yield). */
    long_query_share?: number;
  };
  /** Live MCP servers by source id (also proxied by `mdkg serve`). */
  servers?: Record<string, ServerConfig>;
  /** Tool catalog files by source id. */
  sources?: Record<string, SourceConfig>;
  /** Search hints by `<source>/<tool name>`. */
  hints?: Record<string, HintsConfig>;
  /** Where `mdkg generate tools` writes (default `<graphs>/tools`), relative to the config file. */
  tools_out?: string;
  /** Search ranking overrides: BM25F field weights by field key, fusion weights by source. */
  search?: SearchOverrides;
  /** Embeddings for the vector strategies (vector, hybrid, auto); without it search is lexical. */
  embeddings?: EmbeddingsConfig;
  /** `mdkg serve`: the HTTP bearer token, destructive-call confirmation, sampling, and profiles (src/config-serve.ts). */
  serve?: ServeConfig;
  /** Learned pairs: days a pair is used after it was learned (default 30). */
  learned?: { ttl_days?: number };
  /** A SPARQL server mdkg pushes to and queries (docs/sparql-server.md, src/store/store-config.ts). */
  store?: StoreConfig;
}

const TOP_KEYS = ['graphs', 'sparql', 'servers', 'sources', 'hints', 'tools_out', 'search', 'embeddings', 'serve', 'learned', 'store'];
const SPARQL_KEYS = ['allow_services', 'timeout_ms', 'limit', 'long_query_share'];

const CONFIG_FILES = ['mdkg.config.yaml', 'mdkg.config.yml', 'mdkg.config.json'];

function invalid(file: string, message: string): MdkgError {
  return new MdkgError('MDKG_CONFIG_INVALID', `${file}: ${message}`, { file });
}

/** Checks a parsed config value; unknown keys are errors so typos are caught. */
export function validateConfig(value: unknown, file: string): MdkgConfig {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(file, 'the config must be a mapping');
  const config = value as Record<string, unknown>;
  for (const key of Object.keys(config)) {
    if (!TOP_KEYS.includes(key)) throw invalid(file, `unknown key '${key}'${didYouMean(key, TOP_KEYS)}`);
  }
  if (config.servers !== undefined) validateServers(config.servers, file);
  if (config.sources !== undefined) validateSources(config.sources, file);
  if (config.hints !== undefined) validateHints(config.hints, file);
  if (config.search !== undefined) validateSearch(config.search, file);
  if (config.embeddings !== undefined) validateEmbeddings(config.embeddings, file);
  if (config.tools_out !== undefined && typeof config.tools_out !== 'string') throw invalid(file, "'tools_out' must be a folder path");
  const ids = [...Object.keys((config.servers ?? {}) as object), ...Object.keys((config.sources ?? {}) as object)];
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw invalid(file, `source id '${twice}' is used by both a server and a source file`);
  if (config.graphs !== undefined && typeof config.graphs !== 'string') throw invalid(file, "'graphs' must be a folder path");
  if (config.serve !== undefined) validateServe(config.serve, file);
  if (config.store !== undefined) validateStore(config.store, file);
  const learned = config.learned;
  if (learned !== undefined) {
    if (learned === null || typeof learned !== 'object' || Array.isArray(learned)) throw invalid(file, "'learned' must be a mapping");
    for (const key of Object.keys(learned))
      if (key !== 'ttl_days') throw invalid(file, `unknown key 'learned.${key}'${didYouMean(key, ['ttl_days'], 'learned.')}`);
    const ttl = (learned as Record<string, unknown>).ttl_days;
    if (ttl !== undefined && !(typeof ttl === 'number' && Number.isInteger(ttl) && ttl >= 1 && ttl <= 3650))
      throw invalid(file, "'learned.ttl_days' must be an integer from 1 to 3650");
  }
  const sparql = config.sparql;
  if (sparql !== undefined) {
    if (sparql === null || typeof sparql !== 'object' || Array.isArray(sparql)) throw invalid(file, "'sparql' must be a mapping");
    const s = sparql as Record<string, unknown>;
    for (const key of Object.keys(s))
      if (!SPARQL_KEYS.includes(key)) throw invalid(file, `unknown key 'sparql.${key}'${didYouMean(key, SPARQL_KEYS, 'sparql.')}`);
    if (
      s.allow_services !== undefined &&
      !(Array.isArray(s.allow_services) && s.allow_services.every((x) => typeof x === 'string' && /^https?:\/\//.test(x)))
    ) {
      throw invalid(file, "'sparql.allow_services' must be a list of http(s) endpoint IRIs");
    }
    for (const key of ['timeout_ms', 'limit']) {
      const n = s[key];
      if (n !== undefined && !(typeof n === 'number' && Number.isInteger(n) && n > 0)) throw invalid(file, `'sparql.${key}' must be a positive integer`);
    }
    const share = s.long_query_share;
    if (share !== undefined && !(typeof share === 'number' && share > 0 && share <= 1))
      throw invalid(file, "'sparql.long_query_share' must be a number above 0 and at most 1");
  }
  return config as MdkgConfig;
}

function validateSearch(value: unknown, file: string): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid(file, "'search' must be a mapping");
  const s = value as Record<string, unknown>;
  for (const key of Object.keys(s))
    if (!['fields', 'weights', 'thesaurus'].includes(key))
      throw invalid(
        file,
        `unknown key 'search.${key}'${didYouMean(key, ['fields', 'weights', 'thesaurus'], 'search.') || ' (known: fields, weights, thesaurus)'}`,
      );
  for (const key of ['fields', 'weights']) {
    const v = s[key];
    if (v !== undefined && (v === null || typeof v !== 'object' || Array.isArray(v)))
      throw invalid(file, `'search.${key}' must be a mapping of names to numbers`);
  }
  try {
    withOverrides(s as SearchOverrides);
  } catch (error) {
    throw invalid(file, (error as Error).message);
  }
}

/**
 * Reads the config file: `explicit` when given (it must exist), else the first of CONFIG_FILES in
 * `cwd`, else an empty config. Returns the folder the config's relative paths resolve against.
 */
export async function loadConfig(cwd: string, explicit?: string): Promise<{ config: MdkgConfig; file?: string; dir: string }> {
  const candidates = explicit === undefined ? CONFIG_FILES.map((name) => join(cwd, name)) : [isAbsolute(explicit) ? explicit : resolve(cwd, explicit)];
  for (const file of candidates) {
    let text: string;
    try {
      text = await readTextFile(file, { maxBytes: MAX_CONFIG_BYTES });
    } catch (error) {
      if (explicit === undefined && (error as MdkgError).code === 'MDKG_NOT_FOUND') continue;
      throw new MdkgError('MDKG_CONFIG_INVALID', `cannot read config ${explicit ?? file}: ${(error as Error).message}`, { file });
    }
    let value: unknown;
    try {
      value = file.endsWith('.json') ? JSON.parse(text) : await parseYaml(text);
    } catch (error) {
      throw invalid(file, `not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]}`);
    }
    return { config: validateConfig(value, file), file, dir: resolve(file, '..') };
  }
  return { config: {}, dir: cwd };
}

/**
 * A YAML config: plain YAML through the js-yaml fast path (the front matter's, proven equal to
 * `yaml` where it answers), anything else through `yaml`, loaded only then (it takes about 50 ms to
 * load, a sixth of a search from the CLI). Aliases always go the `yaml` way, capped at 50.
 */
async function parseYaml(text: string): Promise<unknown> {
  // js-yaml too is loaded only when there is a config to read (most searches have none).
  const { parseFrontMatterFast } = await import('./markdown-ld/yaml-fast.js');
  const fast = parseFrontMatterFast(text.endsWith('\n') ? text : `${text}\n`);
  if (fast !== undefined) return fast;
  return (await import('yaml')).parse(text, { maxAliasCount: 50 });
}
