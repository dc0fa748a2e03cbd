// Plain JSON trees addressed by key paths (copy on write).
export type Tree = Record<string, unknown>;

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

export function getPath(tree: Tree, path: readonly string[]): unknown {
  let v: unknown = tree;
  for (const key of path) v = isTree(v) && Object.hasOwn(v, key) ? v[key] : undefined;
  return v;
}

/** A copy of `tree` with `value` at `path` (creating objects on the way; key order kept). */
export function setPath(tree: Tree, path: readonly string[], value: unknown): Tree {
  const [head, ...rest] = path;
  if (head === undefined) throw new Error('setPath: empty path');
  const child = Object.hasOwn(tree, head) ? tree[head] : undefined;
  return { ...tree, [head]: rest.length === 0 ? value : setPath(isTree(child) ? child : {}, rest, value) };
}
