// The mdkg.config.yaml `mdkg init` writes: commented, valid against schemas/config.schema.json,
// with the graph folder and the servers (imported ones, or none and an example in comments).
// Every string is written as a JSON string, which is a YAML double-quoted scalar.
import type { ServerConfig } from '../config-sources.js';

/** A YAML scalar for any string (quoted unless plainly safe). */
function scalar(text: string): string {
  return /^[A-Za-z0-9_./][A-Za-z0-9_./@+-]*$/.test(text) && !/^(true|false|null|yes|no|on|off|~|[0-9.+-].*)$/i.test(text) ? text : JSON.stringify(text);
}

const flowList = (items: readonly string[]): string => `[${items.map(scalar).join(', ')}]`;
const flowMap = (map: Readonly<Record<string, string>>): string =>
  `{ ${Object.entries(map)
    .map(([k, v]) => `${scalar(k)}: ${scalar(v)}`)
    .join(', ')} }`;

/** The YAML lines of one server entry, indented under `servers:`. */
function serverLines(id: string, server: ServerConfig): string[] {
  const lines = [`  ${scalar(id)}:`];
  if ('url' in server) {
    lines.push(`    url: ${scalar(server.url)}`);
    if (server.headers !== undefined) lines.push(`    headers: ${flowMap(server.headers)}`);
  } else {
    lines.push(`    command: ${scalar(server.command)}`);
    if (server.args !== undefined) lines.push(`    args: ${flowList(server.args)}`);
    if (server.env !== undefined) lines.push(`    env: ${flowMap(server.env)}`);
    if (server.cwd !== undefined) lines.push(`    cwd: ${scalar(server.cwd)}`);
  }
  return lines;
}

const EXAMPLE = [
  '# servers:',
  '#   filesystem:',
  '#     command: npx',
  '#     args: [-y, "@modelcontextprotocol/server-filesystem", /absolute/path/to/a/folder]',
  '#   memory:',
  '#     command: npx',
  '#     args: [-y, "@modelcontextprotocol/server-memory"]',
  '#     env: { MEMORY_FILE_PATH: /absolute/path/to/memory.jsonl }',
  '#   remote:',
  '#     url: https://example.com/mcp',
  '#     headers: { Authorization: "Bearer <token>" }',
];

/** The text of mdkg.config.yaml with `servers` (empty: an example in comments) and where they came from. */
export function renderInitConfig(servers: Readonly<Record<string, ServerConfig>>, importedFrom?: string): string {
  const ids = Object.keys(servers);
  return [
    '# mdkg configuration, written by `mdkg init` (schema: schemas/config.schema.json in the mdkg package).',
    "# Relative paths resolve against this file's folder. `mdkg serve --config <this file>` reads it.",
    '',
    '# The graph folder: Markdown-LD documents. `mdkg serve` writes the tool documents of the servers',
    '# below into graphs/tools/ when it connects to them.',
    'graphs: graphs',
    '',
    '# The MCP servers the gateway proxies, by source id (letters, digits, ".", "_" and "-"): started over',
    '# stdio (command, args, env, cwd; cwd defaults to this folder) or reached over Streamable HTTP (url,',
    '# headers). A server gets only the env given here plus HOME, LOGNAME, PATH, SHELL, TERM and USER.',
    ...(importedFrom === undefined ? [] : [`# Imported from ${importedFrom.replace(/[\r\n]/g, ' ')}.`]),
    ...(ids.length === 0 ? ['servers: {}', '# For example:', ...EXAMPLE] : ['servers:', ...ids.flatMap((id) => serverLines(id, servers[id] as ServerConfig))]),
    '',
  ].join('\n');
}
