/** A node of the sparqljs syntax tree: any plain object in it. */
export type AstNode = Record<string, unknown>;

function isObject(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null;
}

/**
 * Visits every object of a sparqljs tree, depth first, in document order: patterns, expressions
 * (EXISTS inside FILTER, BIND, projections, HAVING, ORDER BY), subqueries, VALUES, terms. Generic
 * on purpose, so that no pattern type can be missed. `visit` returns false to skip a subtree.
 */
export function walkAst(root: unknown, visit: (node: AstNode) => boolean | undefined): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push(node[i]);
      continue;
    }
    if (!isObject(node) || visit(node) === false) continue;
    const values = Object.values(node);
    for (let i = values.length - 1; i >= 0; i -= 1) if (isObject(values[i])) stack.push(values[i]);
  }
}
