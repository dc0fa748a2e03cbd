import type { Node } from 'web-tree-sitter';

/**
 * Functions that are members of an object literal (JavaScript, TypeScript): `const handlers = {
 * parse(x) {…}, check: (y) => …, run: function () {} }` defines `handlers.parse`, `handlers.check`
 * and `handlers.run`; `export default {…}` and `module.exports = {…}` define their members
 * unqualified. Only objects with a name (a variable, an assigned member, an enclosing member) or
 * exported as a whole count: an object passed to a call or returned is data, not declarations.
 */

/** Object-literal members kept per file, at most: a generated table of thousands of entries stays out of the index. */
export const MAX_OBJECT_MEMBERS = 200;
/** Objects nested deeper than this (`a.b.c.d.e`) are not followed. */
const MAX_DEPTH = 4;

/** Wrappers around an object that keep its name (`{…} as const`, `{…} satisfies T`, parentheses). */
const TRANSPARENT = new Set(['as_expression', 'satisfies_expression', 'parenthesized_expression']);

/** The member's key as written (`parse`, `'my-key'` -> my-key); undefined for a computed key. */
function keyOf(node: Node): string | undefined {
  const key = node.childForFieldName(node.type === 'pair' ? 'key' : 'name');
  if (key === null) return undefined;
  if (key.type === 'property_identifier' || key.type === 'identifier' || key.type === 'private_property_identifier') return key.text;
  if (key.type === 'string') return key.text.replace(/^["'`]|["'`]$/g, '');
  return undefined;
}

/** The name qualifying an object literal's members: '' for an unnamed exported object, undefined when its members are not declarations. */
function objectName(object: Node, depth: number): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  let outer = object.parent;
  while (outer !== null && TRANSPARENT.has(outer.type)) outer = outer.parent;
  if (outer === null) return undefined;
  if (outer.type === 'variable_declarator') {
    const name = outer.childForFieldName('name');
    return name?.type === 'identifier' ? name.text : undefined;
  }
  if (outer.type === 'export_statement') return '';
  if (outer.type === 'assignment_expression') {
    const left = outer.childForFieldName('left');
    if (left === null) return undefined;
    if (left.text === 'module.exports' || left.text === 'exports') return '';
    if (left.type === 'identifier') return left.text;
    if (left.type === 'member_expression') return left.childForFieldName('property')?.text;
    return undefined;
  }
  if (outer.type === 'pair') {
    const key = keyOf(outer);
    const owner = outer.parent?.type === 'object' ? objectName(outer.parent, depth + 1) : undefined;
    if (key === undefined || owner === undefined) return undefined;
    return owner === '' ? key : `${owner}.${key}`;
  }
  return undefined;
}

/**
 * For a `pair` or `method_definition` inside an object literal: the name that qualifies it ('' for
 * none: an exported object), or undefined when the object is not a declaration. Undefined for any
 * other node.
 */
export function objectOwner(node: Node): string | undefined {
  if (node.type !== 'pair' && node.type !== 'method_definition') return undefined;
  const object = node.parent;
  if (object?.type !== 'object' || keyOf(node) === undefined) return undefined;
  return objectName(object, 0);
}

/** Whether a node is a member of an object literal (named or not). */
export function inObjectLiteral(node: Node): boolean {
  return (node.type === 'pair' || node.type === 'method_definition') && node.parent?.type === 'object';
}
