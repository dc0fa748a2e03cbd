// The SPARQL server a command talks to: --endpoint <query URL>, or --store for the config's
// store.query_url; the rest of `store:` (graph store URL, auth, limits) applies to both.
import type { MdkgConfig } from '../config.js';
import { MdkgError } from '../errors.js';
import { RemoteGraph } from '../store/remote-graph.js';
import { StoreClient } from '../store/store-client.js';
import { resolveStore } from '../store/store-config.js';
import type { CliIo } from './io.js';

export const STORE_OPTIONS = {
  endpoint: { type: 'string' },
  store: { type: 'boolean' },
} as const;

export interface StoreFlags {
  endpoint?: string | undefined;
  store?: boolean | undefined;
}

/** True when the flags ask for a server. */
export const wantsStore = (flags: StoreFlags): boolean => flags.endpoint !== undefined || flags.store === true;

/** The client for the server the flags name; MDKG_USAGE when --store is given and the config has no store. */
export function storeClient(io: CliIo, config: MdkgConfig, flags: StoreFlags): StoreClient {
  if (flags.endpoint !== undefined && flags.store === true) throw new MdkgError('MDKG_USAGE', 'give --endpoint <url> or --store, not both');
  if (flags.store === true && config.store === undefined) throw new MdkgError('MDKG_USAGE', '--store needs a store: section in the config (store.query_url)');
  const target = resolveStore(config.store, flags.endpoint, io.env ?? process.env);
  if (target === undefined) throw new MdkgError('MDKG_USAGE', 'no SPARQL server: give --endpoint <url> or set store.query_url in the config');
  return new StoreClient(target);
}

export function remoteGraph(io: CliIo, config: MdkgConfig, flags: StoreFlags): RemoteGraph {
  return new RemoteGraph(storeClient(io, config, flags));
}
