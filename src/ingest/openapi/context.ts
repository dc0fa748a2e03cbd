import type { Json } from './json.js';
import type { RefResolver } from './refs.js';
import type { Reporter } from './reporter.js';

/** The flavour a spec is read as: Swagger 2.0, or OpenAPI 3.0 / 3.1 (3.x versions past 3.1 read as 3.1). */
export type SpecVersion = '2.0' | '3.0' | '3.1';

/** What every reader of one spec shares. */
export interface ReadContext {
  spec: Json;
  version: SpecVersion;
  refs: RefResolver;
  reporter: Reporter;
}

/**
 * Refs (strings) and nodes (objects) open on the current walk, innermost last. A ref or node met
 * again while open is a cycle, and the walk stops there.
 */
export type WalkStack = unknown[];
