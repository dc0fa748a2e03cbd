import type { Node } from 'web-tree-sitter';

/** Longest signature kept, in characters. */
export const MAX_SIGNATURE = 200;
/** Longest doc comment kept, in characters. */
export const MAX_DOC = 1000;
const MAX_DECORATOR = 120;

const COMMENT = /comment/;
/** Decorators (TS, Python), annotations (Java), attributes (C#, PHP, Rust). */
const DECORATOR_TYPES = new Set(['decorator', 'annotation', 'marker_annotation', 'attribute_list', 'attribute_item']);
/** Nodes that wrap a declaration without being one: its comments and decorators sit on them. */
const WRAPPERS = new Set(['export_statement', 'decorated_definition', 'lexical_declaration', 'variable_declaration']);

/** Whitespace collapsed to single spaces, trimmed, cut to `max` characters (with `…`). */
export function flat(text: string, max: number): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : `${one.slice(0, max - 1).trimEnd()}…`;
}

/** The node whose siblings hold the declaration's comments and decorators. */
function outermost(node: Node): Node {
  let outer = node;
  while (outer.parent !== null && WRAPPERS.has(outer.parent.type)) outer = outer.parent;
  // Go: the comment above `type X struct` is on the declaration, when it declares one type only.
  const declaration = outer.parent;
  if (outer.type === 'type_spec' && declaration?.type === 'type_declaration' && declaration.namedChildren.filter((c) => c.type === 'type_spec').length === 1) {
    return declaration;
  }
  return outer;
}

const isDecorator = (n: Node): boolean => DECORATOR_TYPES.has(n.type);

/** A comment's text without its markers (`/**`, `*`, `//`, `#`). */
function stripComment(text: string): string {
  return text
    .replace(/^\/\*+!?|\*+\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/[/!]?|#+|\*(?!\/))?/, ''))
    .join('\n');
}

function docstring(node: Node): string | undefined {
  const first = node.childForFieldName('body')?.namedChildren[0];
  const string = first?.type === 'expression_statement' ? first.namedChildren[0] : undefined;
  if (string?.type !== 'string') return undefined;
  return string.text.replace(/^[rRbBuUfF]*("""|'''|"|')/, '').replace(/("""|'''|"|')$/, '');
}

export interface Decorations {
  doc?: string;
  decorators: string[];
}

/**
 * The doc comment and decorators of a declaration: comments directly above it (or above its
 * decorators and export wrapper, no blank line between), a Python docstring, and decorators on it,
 * on its wrappers or just above it.
 */
export function decorations(node: Node): Decorations {
  const decorators: Node[] = [];
  for (let n: Node | null = node; n !== null; n = n.parent === null || !WRAPPERS.has(n.parent.type) ? null : n.parent) {
    for (const child of n.namedChildren) {
      if (isDecorator(child)) decorators.push(child);
      else if (child.type === 'modifiers') decorators.push(...child.namedChildren.filter(isDecorator));
    }
  }
  const comments: Node[] = [];
  let current = outermost(node);
  let previous = current.previousNamedSibling;
  while (previous !== null && previous.endPosition.row >= current.startPosition.row - 1) {
    if (COMMENT.test(previous.type)) comments.unshift(previous);
    else if (isDecorator(previous)) decorators.push(previous);
    else break;
    current = previous;
    previous = previous.previousNamedSibling;
  }
  const raw = docstring(node) ?? (comments.length > 0 ? comments.map((c) => stripComment(c.text)).join('\n') : undefined);
  const doc = raw === undefined ? undefined : flat(raw, MAX_DOC);
  const texts = [...new Set(decorators)].sort((a, b) => a.startIndex - b.startIndex).map((d) => flat(d.text, MAX_DECORATOR));
  return { ...(doc === undefined || doc === '' ? {} : { doc }), decorators: texts };
}

/** Where a declaration's text starts, past its leading comments and decorators (also inside Java's `modifiers`). */
function headStart(head: Node): number {
  for (const child of head.children) {
    if (isDecorator(child) || COMMENT.test(child.type)) continue;
    if (child.type === 'modifiers') {
      const first = child.children.find((c) => !isDecorator(c) && !COMMENT.test(c.type));
      if (first === undefined) continue;
      return first.startIndex;
    }
    return child.startIndex;
  }
  return head.startIndex;
}

/**
 * The declaration up to its body, without leading decorators and comments: up to the end of the
 * last part before the body that is not a comment (a bodyless declaration: its first line).
 */
export function signature(node: Node, source: string): string {
  // `const f = () => …` and Go's `type X struct {…}` read from their declaration's keyword.
  const single = node.parent !== null && node.parent.namedChildren.filter((c) => !COMMENT.test(c.type)).length === 1;
  const head = (node.type === 'variable_declarator' || (node.type === 'type_spec' && single)) && node.parent !== null ? node.parent : node;
  const start = headStart(head);
  const body = node.childForFieldName('body') ?? node.childForFieldName('value')?.childForFieldName('body') ?? null;
  let text: string;
  if (body === null) text = source.slice(start, node.endIndex).split('\n', 1)[0] ?? '';
  else {
    let end = body.startIndex;
    const owner = body.parent ?? node;
    const before = owner.children.filter((c) => c.endIndex <= body.startIndex && !COMMENT.test(c.type) && c.startIndex >= start);
    const last = before.at(-1);
    if (last !== undefined && owner.id === node.id) end = last.endIndex;
    text = source.slice(start, end);
  }
  // The opening of the body (`{`, Python's `:`, a bodyless declaration's `;`) is not part of the signature.
  return flat(text.replace(/\s*[{:;]\s*$/, ''), MAX_SIGNATURE);
}
