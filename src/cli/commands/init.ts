import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ServerConfig } from '../../config-sources.js';
import { loadConfig } from '../../config.js';
import { MdkgError } from '../../errors.js';
import { isValidSourceId } from '../../generate/file-names.js';
import { track } from '../../util/cleanup.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { readTextFile } from '../../util/read-file.js';
import { escapeForTerminal } from '../../util/terminal-text.js';
import { CLIENT_NAMES, type ClientName, clientConfigs, renderClientConfig, serveLaunch } from '../client-configs.js';
import { importServers } from '../import-servers.js';
import { renderInitConfig } from '../init-config.js';
import { EXIT, type CliIo } from '../io.js';

const CONFIG_FILES = ['mdkg.config.yaml', 'mdkg.config.yml', 'mdkg.config.json'];
/** Client config files above this size are refused unread. */
const MAX_IMPORT_BYTES = 1024 * 1024;

const exists = async (path: string): Promise<boolean> => (await stat(path).catch(() => undefined)) !== undefined;

/**
 * Writes `text` to `path` atomically: a temp file beside it, then renamed over it (`replace`) or
 * hard-linked to it, which fails when the file appeared meanwhile (never overwritten unasked).
 */
async function writeConfigAtomic(path: string, text: string, replace: boolean): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const done = track(temp);
  try {
    await writeFile(temp, text, { flag: 'wx' });
    if (replace) await rename(temp, path);
    else
      await link(temp, path).catch(async (error: NodeJS.ErrnoException) => {
        // A file system without hard links: an exclusive copy (still never over an existing file).
        if (error.code !== 'EPERM' && error.code !== 'ENOTSUP' && error.code !== 'EOPNOTSUPP') throw error;
        await copyFile(temp, path, constants.COPYFILE_EXCL);
      });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw existsError(path);
    throw error;
  } finally {
    await rm(temp, { force: true });
    done();
  }
}

const existsError = (path: string): MdkgError =>
  new MdkgError('MDKG_CONFIG_EXISTS', `${path} already exists: run mdkg init --force to replace it`, { file: path });

/** The servers to write: imported from a client config file, or none. */
async function readImport(cwd: string, file: string | undefined): Promise<{ servers: Record<string, ServerConfig>; notes: string[]; from?: string }> {
  if (file === undefined) return { servers: {}, notes: [] };
  const path = resolve(cwd, file);
  const { servers, notes } = importServers(await readTextFile(path, { maxBytes: MAX_IMPORT_BYTES }), path);
  return { servers, notes, from: path };
}

/**
 * `mdkg init [dir]`: writes mdkg.config.yaml in the project folder (kept when one exists, unless
 * --force), creates the graph folder, and prints the client configurations that start
 * `mdkg serve --config <absolute path>` with absolute paths.
 */
export async function initCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      force: { type: 'boolean' },
      json: { type: 'boolean' },
      client: { type: 'string', multiple: true },
      import: { type: 'string' },
      name: { type: 'string' },
    },
  });
  if (positionals.length > 1) throw new MdkgError('MDKG_USAGE', `one project folder at most (got ${positionals.length})`);
  const clients = (values.client ?? []) as string[];
  for (const c of clients)
    if (!(CLIENT_NAMES as readonly string[]).includes(c))
      throw new MdkgError('MDKG_USAGE', `unknown client '${c}'${didYouMean(c, CLIENT_NAMES)} (known: ${CLIENT_NAMES.join(', ')})`);
  const name = values.name ?? 'mdkg';
  if (!isValidSourceId(name)) throw new MdkgError('MDKG_USAGE', `--name '${name}' must be letters, digits, '.', '_' and '-'`);
  const dir = resolve(io.cwd, positionals[0] ?? '.');
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) throw new MdkgError('MDKG_NOT_FOUND', `project folder ${dir} does not exist`, { file: dir });

  const found = [];
  for (const f of CONFIG_FILES) if (await exists(join(dir, f))) found.push(join(dir, f));
  const existing = values.force === true ? undefined : found[0];
  if (existing !== undefined && values.import !== undefined) throw existsError(existing);
  const imported = await readImport(io.cwd, values.import);
  let configPath = join(dir, 'mdkg.config.yaml');
  if (existing === undefined) {
    await writeConfigAtomic(configPath, renderInitConfig(imported.servers, imported.from), values.force === true);
  } else configPath = existing;
  // The graph folder of the config kept or written (and checked: an invalid kept config says so now).
  const { config } = await loadConfig(dir, configPath);
  const graphs = resolve(dir, config.graphs ?? 'graphs');
  const graphsCreated = !(await exists(graphs));
  if (graphsCreated) await mkdir(graphs, { recursive: true });

  const launch = serveLaunch(configPath);
  const chosen = clientConfigs(name, launch).filter((c) => clients.length === 0 || clients.includes(c.client as ClientName));
  const summary = {
    config: configPath,
    configWritten: existing === undefined,
    graphs,
    graphsCreated,
    servers: Object.keys(config.servers ?? {}),
    ...(imported.from === undefined ? {} : { importedFrom: imported.from, notes: imported.notes }),
    launch,
    clients: Object.fromEntries(chosen.map((c) => [c.client, c])),
  };
  if (values.json === true) {
    io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    return EXIT.ok;
  }
  const say = (line: string): void => io.stdout(`${escapeForTerminal(line)}\n`);
  say(existing === undefined ? `Wrote ${configPath}` : `Kept ${configPath} (mdkg init --force replaces it)`);
  if (graphsCreated) say(`Created the graph folder ${graphs}`);
  if (imported.from !== undefined) {
    const n = Object.keys(imported.servers).length;
    say(`Imported ${n} server${n === 1 ? '' : 's'} from ${imported.from}`);
  }
  for (const note of imported.notes) say(`  ${note}`);
  const ids = summary.servers;
  say(ids.length === 0 ? 'No servers yet: add them under servers: in the config.' : `Servers: ${ids.join(', ')}`);
  io.stdout('\nAdd mdkg to your MCP client (absolute paths: clients may ignore cwd, and mdkg need not be on PATH):\n\n');
  for (const c of chosen) io.stdout(escapeForTerminal(renderClientConfig(c), { keepNewlines: true }));
  return EXIT.ok;
}
