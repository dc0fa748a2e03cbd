// `mdkg init --import <file>`: the MCP servers a client already runs (Claude Desktop, Claude Code
// and Cursor keep them in `mcpServers`, VS Code in `servers`, older VS Code settings in
// `mcp.servers`) become `servers` of mdkg.config.yaml, so they go behind the gateway. What mdkg
// cannot run as written (SSE, editor variables, mdkg itself, a disabled entry) is left out and said.
import type { ServerConfig } from '../config-sources.js';
import { MdkgError } from '../errors.js';
import { isValidSourceId } from '../generate/file-names.js';

export interface ImportedServers {
  servers: Record<string, ServerConfig>;
  /** One line per entry left out, renamed, or with keys mdkg does not use. */
  notes: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isStringMap = (v: unknown): v is Record<string, string> => isRecord(v) && Object.values(v).every((x) => typeof x === 'string');

/** JSON with comments and trailing commas (VS Code's files are JSONC) as plain JSON; strings are kept as they are. */
export function stripJsonComments(text: string): string {
  return text
    .replace(/"(?:[^"\\\n]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('"') ? m : ' '))
    .replace(/"(?:[^"\\\n]|\\.)*"|,(\s*[}\]])/g, (m, close: string | undefined) => close ?? m);
}

/** The mapping of servers in a client config, and the key it was under. */
function serverMap(value: unknown): [Record<string, unknown>, string] | undefined {
  if (!isRecord(value)) return undefined;
  if (isRecord(value.mcpServers)) return [value.mcpServers, 'mcpServers'];
  if (isRecord(value.servers)) return [value.servers, 'servers'];
  if (isRecord(value.mcp) && isRecord(value.mcp.servers)) return [value.mcp.servers, 'mcp.servers'];
  return undefined;
}

/** A source id for a client's server name: other characters become '-', at most 64, unique. */
function sourceId(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[.-]+|-+$/g, '')
      .slice(0, 60) || 'server';
  let id = base;
  for (let n = 2; taken.has(id) || !isValidSourceId(id); n += 1) id = `${base}-${n}`;
  return id;
}

/** True when the entry starts mdkg's own gateway (importing it would make the gateway proxy itself). */
function isMdkgItself(entry: Record<string, unknown>): boolean {
  const words = [entry.command, ...(isStrings(entry.args) ? entry.args : [])].filter((w): w is string => typeof w === 'string');
  return words.includes('serve') && words.some((w) => /(^|[\\/])mdkg(\.js)?$/.test(w));
}

/** Why an entry cannot be imported as it is, or undefined when it can. */
function refusal(entry: Record<string, unknown>): string | undefined {
  if (entry.disabled === true) return 'it is disabled';
  if (/\$\{/.test(JSON.stringify(entry))) return `it uses a \${…} variable of the client, which mdkg does not expand: add it to mdkg.config.yaml by hand`;
  if (isMdkgItself(entry)) return 'it is mdkg itself';
  const type = typeof entry.type === 'string' ? entry.type : undefined;
  if (type === 'sse' || (type === undefined && typeof entry.url === 'string' && /\/sse\/?$/.test(entry.url)))
    return 'it uses the SSE transport; mdkg reaches servers over stdio or Streamable HTTP';
  if (typeof entry.url === 'string') {
    if (!/^https?:\/\//.test(entry.url)) return `its url '${entry.url}' is not http(s)`;
    if (entry.headers !== undefined && !isStringMap(entry.headers)) return "its 'headers' are not all strings";
    return undefined;
  }
  if (typeof entry.command !== 'string' || entry.command.trim() === '') return "it has neither a 'command' nor a 'url'";
  if (entry.args !== undefined && !isStrings(entry.args)) return "its 'args' are not all strings";
  if (entry.env !== undefined && !isStringMap(entry.env)) return "its 'env' values are not all strings";
  if (entry.cwd !== undefined && typeof entry.cwd !== 'string') return "its 'cwd' is not a path";
  return undefined;
}

const KEPT = { url: ['url', 'headers', 'type'], command: ['command', 'args', 'env', 'cwd', 'type'] };

/** One importable entry as mdkg's server config. */
function toServer(entry: Record<string, unknown>): ServerConfig {
  if (typeof entry.url === 'string') return { url: entry.url, ...(isStringMap(entry.headers) ? { headers: entry.headers } : {}) };
  return {
    command: entry.command as string,
    ...(isStrings(entry.args) && entry.args.length > 0 ? { args: entry.args } : {}),
    ...(isStringMap(entry.env) && Object.keys(entry.env).length > 0 ? { env: entry.env } : {}),
    ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {}),
  };
}

/** The servers of a client config file's text (`file` names it in messages). */
export function importServers(text: string, file: string): ImportedServers {
  let value: unknown;
  try {
    value = JSON.parse(stripJsonComments(text.replace(/^\uFEFF/, '')));
  } catch (error) {
    throw new MdkgError('MDKG_CONFIG_INVALID', `${file}: not valid JSON: ${(error as Error).message}`, { file });
  }
  const found = serverMap(value);
  if (found === undefined)
    throw new MdkgError('MDKG_CONFIG_INVALID', `${file}: no 'mcpServers' (Claude Desktop, Claude Code, Cursor) or 'servers' (VS Code) mapping to import`, {
      file,
    });
  const [map, key] = found;
  const servers: Record<string, ServerConfig> = {};
  const notes: string[] = [];
  for (const [name, entry] of Object.entries(map)) {
    if (!isRecord(entry)) {
      notes.push(`left out '${name}': its entry in '${key}' is not an object`);
      continue;
    }
    const why = refusal(entry);
    if (why !== undefined) {
      notes.push(`left out '${name}': ${why}`);
      continue;
    }
    const id = sourceId(name, new Set(Object.keys(servers)));
    if (id !== name) notes.push(`imported '${name}' as '${id}' (a source id is letters, digits, '.', '_' and '-')`);
    const ignored = Object.keys(entry).filter((k) => !(typeof entry.url === 'string' ? KEPT.url : KEPT.command).includes(k));
    if (ignored.length > 0) notes.push(`'${name}': ignored ${ignored.map((k) => `'${k}'`).join(', ')} (not used by mdkg)`);
    servers[id] = toServer(entry);
  }
  return { servers, notes };
}
