import { memoize } from '../../util/memo.js';
import { isObject, own, type Json } from './json.js';
import type { Reporter } from './reporter.js';

/** A value with its `$ref`s followed. */
export interface Deref {
  /** The value reached (with `$ref` siblings such as `description` laid over it), or undefined when a ref broke. */
  node: unknown;
  /** JSON Pointer (`#/...`) of where `node` sits in the spec, for diagnostics and further pointers. */
  at: string;
  /** Local refs followed to reach `node`, outermost first. */
  refs: string[];
  /** The ref that could not be followed (remote, dangling, or a chain that loops). */
  broken?: string;
}

const MISSING = Symbol('missing');
/** A chain of `$ref`s to `$ref`s longer than this is refused as a loop. */
const MAX_HOPS = 64;

/**
 * Resolves local `$ref`s (`#/components/...`, `#/definitions/...`, any JSON Pointer with `~0`/`~1`
 * and percent escapes) in one parsed spec. Remote refs are never fetched: MDKG_REF_REMOTE. Dangling
 * refs and ref-to-ref loops: MDKG_REF_UNRESOLVED. Both are warnings; the caller carries on without
 * the value. Lookups are cached per ref string.
 */
export class RefResolver {
  private readonly root: unknown;
  private readonly reporter: Reporter;
  private readonly cache = new Map<string, unknown>();

  constructor(root: unknown, reporter: Reporter) {
    this.root = root;
    this.reporter = reporter;
  }

  deref(value: unknown, at: string): Deref {
    let node = value;
    let here = at;
    const refs: string[] = [];
    let siblings: Json | undefined;
    for (;;) {
      const ref = own(node, '$ref');
      if (!isObject(node) || typeof ref !== 'string') break;
      if (refs.includes(ref) || refs.length >= MAX_HOPS) {
        const message = refs.includes(ref) ? loopMessage(refs.slice(refs.indexOf(ref))) : `$ref chain from "${refs[0] ?? ref}" is over ${MAX_HOPS} $refs long`;
        this.reporter.report('MDKG_REF_UNRESOLVED', 'warning', message);
        return { node: undefined, at: here, refs, broken: ref };
      }
      const target = this.lookup(ref, here);
      if (target === MISSING) return { node: undefined, at: here, refs, broken: ref };
      if (Object.keys(node).length > 1) {
        const extra = Object.entries(node).filter(([key]) => key !== '$ref');
        siblings = { ...Object.fromEntries(extra), ...siblings };
      }
      refs.push(ref);
      here = ref;
      node = target;
    }
    if (siblings !== undefined && isObject(node)) node = { ...node, ...siblings };
    return { node, at: here, refs };
  }

  /** What a local ref points to, one hop, without reporting; undefined when remote or dangling. */
  target(ref: string): unknown {
    if (!ref.startsWith('#')) return undefined;
    if (!this.cache.has(ref)) this.cache.set(ref, walkPointer(this.root, ref));
    const target = this.cache.get(ref);
    return target === MISSING ? undefined : target;
  }

  /** The value a local ref points to, or MISSING (reported). */
  private lookup(ref: string, at: string): unknown {
    if (ref === '') {
      this.reporter.report('MDKG_REF_UNRESOLVED', 'warning', `empty $ref at ${at}`);
      return MISSING;
    }
    if (!ref.startsWith('#')) {
      this.reporter.report('MDKG_REF_REMOTE', 'warning', `remote $ref "${ref}" at ${at} is not fetched; the value is left out`);
      return MISSING;
    }
    if (!this.cache.has(ref)) this.cache.set(ref, walkPointer(this.root, ref));
    const target = this.cache.get(ref);
    if (target === MISSING) {
      this.reporter.report('MDKG_REF_UNRESOLVED', 'warning', `$ref "${ref}" at ${at} points to nothing in the spec`);
    }
    return target;
  }
}

/** The same message for a loop of refs to refs whichever ref it is entered from: it starts at the smallest. */
function loopMessage(loop: readonly string[]): string {
  const start = loop.indexOf([...loop].sort()[0] ?? '');
  const rotated = [...loop.slice(start), ...loop.slice(0, start)];
  return `$ref loop ${[...rotated, rotated[0]].join(' → ')} never reaches a value`;
}

/** Decoded tokens of a local ref (`#/a/b~1c` → `['a', 'b/c']`), or undefined when malformed. */
export function pointerTokens(ref: string): string[] | undefined {
  if (ref === '#') return [];
  if (!ref.startsWith('#/')) return undefined;
  try {
    return ref
      .slice(2)
      .split('/')
      .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'));
  } catch {
    return undefined;
  }
}

function walkPointer(root: unknown, ref: string): unknown {
  const tokens = pointerTokens(ref);
  if (tokens === undefined) return MISSING;
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      if (!/^(?:0|[1-9]\d*)$/.test(token) || Number(token) >= node.length) return MISSING;
      node = node[Number(token)];
    } else if (isObject(node) && Object.hasOwn(node, token)) {
      node = node[token];
    } else {
      return MISSING;
    }
  }
  return node;
}

/** `#/components/schemas/Pet` or `#/definitions/Pet` → `Pet`; any other ref → undefined. Refs repeat: each is decoded once. */
export const componentSchemaName = memoize((ref: string): string | undefined => {
  const tokens = pointerTokens(ref);
  if (tokens === undefined) return undefined;
  if (tokens.length === 3 && tokens[0] === 'components' && tokens[1] === 'schemas') return tokens[2];
  if (tokens.length === 2 && tokens[0] === 'definitions') return tokens[1];
  return undefined;
});

/** The name of the last component schema in a ref chain: the schema that owns the node reached. */
export function lastComponentName(refs: readonly string[]): string | undefined {
  for (let i = refs.length - 1; i >= 0; i--) {
    const name = componentSchemaName(refs[i] ?? '');
    if (name !== undefined) return name;
  }
  return undefined;
}
