import type { ReadContext } from './context.js';
import { escapeToken, isObject } from './json.js';
import { componentSchemaName } from './refs.js';

/** Nodes visited in one value before the walk stops (hostile specs). */
const MAX_NODES = 200_000;

/** A value of the spec and where it sits. */
export interface ValueAt {
  value: unknown;
  at: string;
}

/**
 * Finds the component schemas an operation's request and response reach through `$ref`s, directly
 * or nested, at any depth. The refs inside each ref's target are found once per spec and cached, so
 * a spec whose operations share large schemas (Kubernetes) is walked once, not once per operation.
 * Remote and dangling refs met on the way are reported (once each).
 */
export class SchemaRefIndex {
  private readonly ctx: ReadContext;
  private readonly inside = new Map<string, string[]>();

  constructor(ctx: ReadContext) {
    this.ctx = ctx;
  }

  /** Component schema names (`Pet`), in the order first reached walking depth first, roots in order. */
  collect(roots: readonly ValueAt[]): string[] {
    const seen = new Set<string>();
    const names = new Set<string>();
    const pending: string[] = [];
    for (let r = roots.length - 1; r >= 0; r--) {
      const root = roots[r] as ValueAt;
      pending.push(...this.refsIn(root.value, root.at).reverse());
    }
    while (pending.length > 0) {
      const ref = pending.pop() as string;
      if (seen.has(ref)) continue;
      seen.add(ref);
      const name = componentSchemaName(ref);
      if (name !== undefined) names.add(name);
      const inner = this.refsOf(ref);
      for (let i = inner.length - 1; i >= 0; i--) if (!seen.has(inner[i] as string)) pending.push(inner[i] as string);
    }
    return [...names];
  }

  /** The local refs inside what `ref` points to (cached). */
  private refsOf(ref: string): string[] {
    let refs = this.inside.get(ref);
    if (refs === undefined) {
      refs = this.refsIn(this.ctx.refs.target(ref), ref);
      this.inside.set(ref, refs);
    }
    return refs;
  }

  /** The resolvable local refs anywhere inside a value, not following them. */
  private refsIn(value: unknown, at: string): string[] {
    const found = new Set<string>();
    const visited = new Set<object>();
    // Pointers are only needed where a ref is met (for its diagnostics): each entry keeps its parent
    // and token, and the text is built on demand.
    const stack: Pending[] = [{ value, at }];
    while (stack.length > 0 && visited.size < MAX_NODES) {
      const entry = stack.pop() as Pending;
      const node = entry.value;
      if (typeof node !== 'object' || node === null || visited.has(node)) continue;
      visited.add(node);
      if (Array.isArray(node)) {
        for (let i = node.length - 1; i >= 0; i--) stack.push({ value: node[i], parent: entry, token: String(i) });
        continue;
      }
      const ref = isObject(node) ? node.$ref : undefined;
      if (typeof ref === 'string' && Object.hasOwn(node, '$ref')) {
        const resolved = this.ctx.refs.deref({ $ref: ref }, pointerOf(entry));
        if (resolved.broken === undefined || resolved.refs.length > 0) found.add(ref);
      }
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        if (typeof child === 'object' && child !== null) stack.push({ value: child, parent: entry, token: escapeToken(key) });
      }
    }
    return [...found];
  }
}

/** A value waiting to be walked: the root with its pointer, or a child with its parent and (escaped) token. */
type Pending = { value: unknown; at: string } | { value: unknown; parent: Pending; token: string };

function pointerOf(entry: Pending): string {
  if ('at' in entry) return entry.at;
  const tokens: string[] = [];
  let e: Pending = entry;
  while (!('at' in e)) {
    tokens.push(e.token);
    e = e.parent;
  }
  return `${e.at}/${tokens.reverse().join('/')}`;
}
