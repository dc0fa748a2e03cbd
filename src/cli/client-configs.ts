// The MCP client configurations `mdkg init` prints: Claude Desktop, Claude Code, VS Code and Cursor,
// each starting `mdkg serve` with absolute paths (the node binary, the real path of bin/mdkg.js and
// the config file), because several clients ignore `cwd` and nothing named mdkg may be on PATH.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The clients `mdkg init --client` knows, in the order they are printed. */
export const CLIENT_NAMES = ['claude-desktop', 'claude-code', 'vscode', 'cursor'] as const;
export type ClientName = (typeof CLIENT_NAMES)[number];

/** How a client starts the gateway: an executable and its arguments, all absolute. */
export interface Launch {
  command: string;
  args: string[];
}

/** Where a client's configuration file lives, per operating system ('' where there is none). */
export interface Locations {
  linux: string;
  macos: string;
  windows: string;
}

/** One client's configuration: the JSON to merge into its file, and for Claude Code the command line too. */
export interface ClientConfig {
  client: ClientName;
  title: string;
  /** The file (or files) the JSON goes into. */
  files: Locations;
  json: Record<string, unknown>;
  /** Claude Code: the `claude mcp add` line that writes the same entry. */
  command?: string;
  /** What to do after adding it. */
  note: string;
}

/**
 * The real path of the bin/mdkg.js of the package this module belongs to. The module is at
 * dist/cli/ (or dist/bundle/, one level as deep; src/cli/ under tests), so the bin is two up.
 */
export function mdkgBinPath(): string {
  return realpathSync(fileURLToPath(new URL('../../bin/mdkg.js', import.meta.url)));
}

/** The launch of `mdkg serve --config <config>` with the running node and this package's bin. */
export function serveLaunch(configPath: string, node = process.execPath, bin = mdkgBinPath()): Launch {
  return { command: node, args: [bin, 'serve', '--config', configPath] };
}

/** An argument for a POSIX shell: bare when it has only safe characters, else in single quotes. */
function quotePosix(arg: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** An argument for cmd.exe and PowerShell: bare when safe, else in double quotes (embedded quotes doubled). */
function quoteWindows(arg: string): string {
  return /^[A-Za-z0-9_@%+=:,./\\-]+$/.test(arg) ? arg : `"${arg.replaceAll('"', '""')}"`;
}

/** The `claude mcp add` line (options before the name, the command after `--`). */
export function claudeAddCommand(name: string, launch: Launch, platform: NodeJS.Platform = process.platform): string {
  const quote = platform === 'win32' ? quoteWindows : quotePosix;
  return ['claude', 'mcp', 'add', '--transport', 'stdio', '--scope', 'project', quote(name), '--', ...[launch.command, ...launch.args].map(quote)].join(' ');
}

/** Every client's configuration for a gateway named `name` started by `launch`. */
export function clientConfigs(name: string, launch: Launch, platform: NodeJS.Platform = process.platform): ClientConfig[] {
  const stdio = { command: launch.command, args: launch.args };
  return [
    {
      client: 'claude-desktop',
      title: 'Claude Desktop',
      files: {
        macos: '~/Library/Application Support/Claude/claude_desktop_config.json',
        windows: '%APPDATA%\\Claude\\claude_desktop_config.json',
        linux: '~/.config/Claude/claude_desktop_config.json (Claude Desktop has no official Linux build; community builds read this file)',
      },
      json: { mcpServers: { [name]: stdio } },
      note: 'Merge the entry into "mcpServers" (Settings > Developer > Edit Config opens the file), then quit and restart Claude Desktop.',
    },
    {
      client: 'claude-code',
      title: 'Claude Code',
      files: { linux: '<project>/.mcp.json', macos: '<project>/.mcp.json', windows: '<project>\\.mcp.json' },
      json: { mcpServers: { [name]: { type: 'stdio', ...stdio, env: {} } } },
      command: claudeAddCommand(name, launch, platform),
      note: 'Run the command in the project folder (it writes .mcp.json there; --scope user instead adds it to ~/.claude.json for every project), or write .mcp.json yourself. Check with: claude mcp list',
    },
    {
      client: 'vscode',
      title: 'VS Code',
      files: {
        linux: '<workspace>/.vscode/mcp.json, or the user mcp.json (command "MCP: Open User Configuration"; ~/.config/Code/User/mcp.json)',
        macos: '<workspace>/.vscode/mcp.json, or the user mcp.json (~/Library/Application Support/Code/User/mcp.json)',
        windows: '<workspace>\\.vscode\\mcp.json, or the user mcp.json (%APPDATA%\\Code\\User\\mcp.json)',
      },
      json: { servers: { [name]: { type: 'stdio', ...stdio } } },
      note: 'Merge the entry into "servers"; VS Code offers to start it (or run "MCP: List Servers").',
    },
    {
      client: 'cursor',
      title: 'Cursor',
      files: {
        linux: '<project>/.cursor/mcp.json, or ~/.cursor/mcp.json for every project',
        macos: '<project>/.cursor/mcp.json, or ~/.cursor/mcp.json for every project',
        windows: '<project>\\.cursor\\mcp.json, or %USERPROFILE%\\.cursor\\mcp.json for every project',
      },
      json: { mcpServers: { [name]: stdio } },
      note: 'Merge the entry into "mcpServers", then check it under Cursor Settings > MCP (restart Cursor if it is not listed).',
    },
  ];
}

/** One client's configuration as text for people. */
export function renderClientConfig(c: ClientConfig): string {
  const lines = [`${c.title}`, `  file: Linux ${c.files.linux}`, `        macOS ${c.files.macos}`, `        Windows ${c.files.windows}`];
  if (c.command !== undefined) lines.push('  command:', `    ${c.command}`, '  or the file:');
  lines.push(
    ...JSON.stringify(c.json, null, 2)
      .split('\n')
      .map((l) => `    ${l}`),
  );
  lines.push(`  ${c.note}`, '');
  return `${lines.join('\n')}\n`;
}
