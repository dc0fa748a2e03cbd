import type { WalkStack } from './context.js';

/**
 * Cycle checks of the schema walks, recorded so that a walk's result can be reused. A walk (a merge,
 * a field walk under a `$ref`) depends on the caller's walk stack only through the refs and nodes it
 * looks up on it: recording every lookup made while it runs gives the guards to check before reusing
 * it elsewhere, and whether one of them was found below the stack depth the walk started at (then
 * the result depends on the caller and is not kept). Recordings nest; they share one log, cleared
 * when the outermost ends.
 */

/** Items looked up while a recording runs, in order. */
const queries: unknown[] = [];
/** Stack indexes of the lookups that found their item, in order. */
const hits: number[] = [];
let open = 0;

/** What a finished recording saw. */
export interface Recorded {
  /** The refs and nodes looked up on the stack (none found below the start depth when `dependent` is false). */
  guards: unknown[];
  /** True when a lookup found an item the caller had put on the stack: the result is the caller's own. */
  dependent: boolean;
}

/** The index of `item` on the stack (-1 when absent), recorded for the open recordings. */
export function stackIndex(stack: WalkStack, item: unknown): number {
  const index = stack.indexOf(item);
  if (open > 0) {
    queries.push(item);
    if (index >= 0) hits.push(index);
  }
  return index;
}

/** Runs `walk` (which starts at the stack's current depth) and tells what it looked up on the stack. */
export function recordLookups(stack: WalkStack, walk: () => void): Recorded {
  const base = stack.length;
  const query = queries.length;
  const hit = hits.length;
  open += 1;
  try {
    walk();
  } finally {
    open -= 1;
  }
  let dependent = false;
  for (let i = hit; i < hits.length; i += 1) if ((hits[i] as number) < base) dependent = true;
  const guards = dependent ? [] : queries.slice(query);
  if (open === 0) {
    queries.length = 0;
    hits.length = 0;
  }
  return { guards, dependent };
}

/**
 * Whether a result with these guards can be reused on this stack: none of them is on it. The
 * guards count as looked up (and not found) for the open recordings, as the walk reused would have.
 */
export function guardsClear(stack: WalkStack, guards: ReadonlySet<unknown>): boolean {
  for (let i = 0; i < stack.length; i += 1) if (guards.has(stack[i])) return false;
  if (open > 0) for (const guard of guards) queries.push(guard);
  return true;
}
