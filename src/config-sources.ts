import { MdkgError } from './errors.js';
import { isValidSourceId } from './generate/file-names.js';
import { didYouMean } from './util/did-you-mean.js';

/**
 * A live MCP server: started over stdio, or reached over Streamable HTTP. `description`: what the
 * user says the server is for, searched with its tools (docs/tools.md). `max_result_bytes`: the cap
 * on the server's answer to a tool call, counted on the wire (the JSON-RPC answer as sent: its
 * stdio line, HTTP JSON body or SSE event, JSON escapes and structure included; default 8 MiB, at
 * most 64 MiB); an answer over it is not parsed, and the call gets MDKG_RESULT_TOO_LARGE.
 */
export type ServerConfig = (
  | { command: string; args?: string[]; env?: Record<string, string>; cwd?: string; timeout_ms?: number }
  | { url: string; headers?: Record<string, string>; timeout_ms?: number }
) & { description?: string; max_result_bytes?: number };

/** A tool catalog file: an OpenAPI/Swagger spec or an MCP tools/list result; `description` as for a server. */
export type SourceConfig = ({ openapi: string } | { mcp_tools: string }) & { description?: string };

/** Longest `description:` of a server or source (characters). */
export const MAX_DESCRIPTION = 4_096;

function checkDescription(value: unknown, where: string, file: string): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || value.trim() === '') throw invalid(file, `'${where}.description' must be a non-empty string`);
  if (value.length > MAX_DESCRIPTION) throw invalid(file, `'${where}.description' is ${value.length} characters, over the ${MAX_DESCRIPTION} allowed`);
}

export interface HintsConfig {
  aliases?: string[];
  keywords?: string[];
  categories?: string[];
  examples?: string[];
}

const invalid = (file: string, message: string): MdkgError => new MdkgError('MDKG_CONFIG_INVALID', `${file}: ${message}`, { file });
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isStringMap = (v: unknown): v is Record<string, string> => isRecord(v) && Object.values(v).every((x) => typeof x === 'string');

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], where: string, file: string): void {
  for (const key of Object.keys(value))
    if (!allowed.includes(key)) throw invalid(file, `unknown key '${where}.${key}'${didYouMean(key, allowed, `${where}.`)}`);
}

function checkId(id: string, where: string, file: string): void {
  if (!isValidSourceId(id)) throw invalid(file, `'${where}.${id}': a source id is letters, digits, '.', '_' and '-' (it names a folder and an IRI segment)`);
}

export function validateServers(value: unknown, file: string): Record<string, ServerConfig> {
  if (!isRecord(value)) throw invalid(file, "'servers' must be a mapping of source id to server");
  for (const [id, server] of Object.entries(value)) {
    checkId(id, 'servers', file);
    const where = `servers.${id}`;
    if (!isRecord(server)) throw invalid(file, `'${where}' must be a mapping`);
    if ('url' in server) {
      onlyKeys(server, ['url', 'headers', 'timeout_ms', 'max_result_bytes', 'description'], where, file);
      if (typeof server.url !== 'string' || !/^https?:\/\//.test(server.url)) throw invalid(file, `'${where}.url' must be an http(s) URL`);
      if (server.headers !== undefined && !isStringMap(server.headers)) throw invalid(file, `'${where}.headers' must map names to strings`);
    } else {
      onlyKeys(server, ['command', 'args', 'env', 'cwd', 'timeout_ms', 'max_result_bytes', 'description'], where, file);
      if (typeof server.command !== 'string' || server.command === '') throw invalid(file, `'${where}' needs a 'command' (stdio) or a 'url' (Streamable HTTP)`);
      if (server.args !== undefined && !isStrings(server.args)) throw invalid(file, `'${where}.args' must be a list of strings`);
      if (server.env !== undefined && !isStringMap(server.env)) throw invalid(file, `'${where}.env' must map names to strings`);
      if (server.cwd !== undefined && typeof server.cwd !== 'string') throw invalid(file, `'${where}.cwd' must be a folder path`);
    }
    checkDescription(server.description, where, file);
    const t = server.timeout_ms;
    if (t !== undefined && !(typeof t === 'number' && Number.isInteger(t) && t > 0)) throw invalid(file, `'${where}.timeout_ms' must be a positive integer`);
    const m = server.max_result_bytes;
    if (m !== undefined && !(typeof m === 'number' && Number.isInteger(m) && m > 0 && m <= 64 * 1024 * 1024))
      throw invalid(file, `'${where}.max_result_bytes' must be a positive integer up to 67108864 (64 MiB)`);
  }
  return value as Record<string, ServerConfig>;
}

export function validateSources(value: unknown, file: string): Record<string, SourceConfig> {
  if (!isRecord(value)) throw invalid(file, "'sources' must be a mapping of source id to file");
  for (const [id, source] of Object.entries(value)) {
    checkId(id, 'sources', file);
    const where = `sources.${id}`;
    if (!isRecord(source)) throw invalid(file, `'${where}' must be a mapping`);
    onlyKeys(source, ['openapi', 'mcp_tools', 'description'], where, file);
    checkDescription(source.description, where, file);
    const kinds = Object.keys(source).filter((k) => k !== 'description');
    if (kinds.length !== 1 || typeof source[kinds[0] ?? ''] !== 'string')
      throw invalid(file, `'${where}' needs exactly one of 'openapi: <file>' or 'mcp_tools: <file>'`);
  }
  return value as Record<string, SourceConfig>;
}

export function validateHints(value: unknown, file: string): Record<string, HintsConfig> {
  if (!isRecord(value)) throw invalid(file, "'hints' must be a mapping of '<source>/<tool>' to hints");
  for (const [key, hints] of Object.entries(value)) {
    const where = `hints.${key}`;
    if (!/^[^/]+\/.+$/.test(key)) throw invalid(file, `'${where}': the key must be '<source>/<tool name>'`);
    if (!isRecord(hints)) throw invalid(file, `'${where}' must be a mapping`);
    onlyKeys(hints, ['aliases', 'keywords', 'categories', 'examples'], where, file);
    for (const [k, v] of Object.entries(hints)) if (!isStrings(v)) throw invalid(file, `'${where}.${k}' must be a list of strings`);
  }
  return value as Record<string, HintsConfig>;
}
