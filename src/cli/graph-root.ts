// Which graph folder a command reads, from --graphs, the config file or ./graphs. Light: it loads
// the config but not the graph (the warm search path uses it without the parser).
import { resolve } from 'node:path';
import { loadConfig, type MdkgConfig } from '../config.js';
import { MdkgError } from '../errors.js';
import type { CliIo } from './io.js';

export interface GraphFlags {
  graphs?: string | undefined;
  config?: string | undefined;
  'no-cache'?: boolean | undefined;
}

export const GRAPH_OPTIONS = {
  graphs: { type: 'string' },
  config: { type: 'string' },
  'no-cache': { type: 'boolean' },
} as const;

/** The config and the absolute graph folder (an explicit folder argument wins over --graphs). */
export async function graphRoot(io: CliIo, flags: GraphFlags, dirArg?: string): Promise<{ root: string; config: MdkgConfig; configDir: string }> {
  const { config, dir } = await loadConfig(io.cwd, flags.config ?? io.configFile);
  const graphs = dirArg ?? flags.graphs;
  if (graphs !== undefined && graphs.trim() === '') throw new MdkgError('MDKG_USAGE', 'the graph folder path is empty (--graphs needs a folder)');
  return { root: graphs !== undefined ? resolve(io.cwd, graphs) : resolve(dir, config.graphs ?? 'graphs'), config, configDir: dir };
}
