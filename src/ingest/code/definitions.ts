import type { Node, QueryMatch } from 'web-tree-sitter';
import { decorations, flat, signature } from './node-text.js';
import { inObjectLiteral, MAX_OBJECT_MEMBERS, objectOwner } from './object-members.js';
import type { CodeSymbol, SymbolKind } from './types.js';

const KINDS = new Set<string>(['function', 'method', 'class', 'struct', 'interface', 'trait', 'type', 'enum', 'module', 'constant', 'macro', 'reexport']);
/** Kinds whose functions are methods. */
const TYPE_KINDS = new Set<SymbolKind>(['class', 'struct', 'interface', 'trait', 'enum']);
const MAX_NAME = 200;
/**
 * Definitions the shipped tags report that are not declarations: a function assigned to a member
 * (`exports.f = …`) would read as a top-level function of that name; a function in an object
 * literal (`{ query: async () => … }`) is one only in a named or exported object (object-members.ts).
 */
const NOT_DECLARATIONS = new Set(['pair', 'assignment_expression']);

interface Found {
  node: Node;
  kind: SymbolKind;
  name: string;
  /** The object literal's name qualifying a member of it (`handlers` for `handlers.parse`; '' for an exported object). */
  owner?: string;
}

/** Whether a definition is kept, and the object that qualifies it: object-literal members are counted against `members`. */
function admit(node: Node, members: { count: number }): { keep: boolean; owner?: string } {
  if (!inObjectLiteral(node)) return { keep: !NOT_DECLARATIONS.has(node.type) };
  const owner = objectOwner(node);
  // An unnamed object's method (`f({ run() {} })`) stays a function of its own name, as before.
  if (owner === undefined) return { keep: node.type !== 'pair' };
  if (members.count >= MAX_OBJECT_MEMBERS) return { keep: false };
  members.count += 1;
  return { keep: true, owner };
}

/** A range that names its contents without being a symbol itself (a Rust `impl` block). */
export interface Container {
  start: number;
  end: number;
  name: string;
}

/** The captures of the tags query: definitions (one per node), containers and calls. */
export function readMatches(matches: readonly QueryMatch[]): { found: Found[]; containers: Container[]; calls: Array<{ node: Node; name: string }> } {
  const found = new Map<number, Found>();
  const containers: Container[] = [];
  const calls: Array<{ node: Node; name: string }> = [];
  const members = { count: 0 };
  for (const match of matches) {
    const name = match.captures.find((c) => c.name === 'name')?.node;
    if (name === undefined) continue;
    for (const capture of match.captures) {
      const [role, kind] = capture.name.split('.', 2);
      if (role === 'definition' && kind !== undefined && KINDS.has(kind) && !found.has(capture.node.id)) {
        const { keep, owner } = admit(capture.node, members);
        if (keep) found.set(capture.node.id, { node: capture.node, kind: kind as SymbolKind, name: flat(name.text, MAX_NAME), ...(owner ? { owner } : {}) });
      } else if (role === 'container') {
        containers.push({ start: capture.node.startIndex, end: capture.node.endIndex, name: flat(name.text, MAX_NAME) });
      } else if (role === 'reference' && kind === 'call') {
        calls.push({ node: capture.node, name: name.text });
      }
    }
  }
  const byPosition = [...found.values()].sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
  return { found: byPosition, containers, calls };
}

/** Go methods belong to their receiver's type: `func (s *Server) Start()` is `Server.Start`. */
function receiverType(node: Node): string | undefined {
  if (node.type !== 'method_declaration') return undefined;
  const receiver = node.childForFieldName('receiver');
  const type = receiver?.descendantsOfType('type_identifier')[0];
  return type?.text;
}

/** Go `type X struct {…}` is a struct, `type X interface {…}` an interface. */
function refineKind(found: Found): SymbolKind {
  if (found.node.type !== 'type_spec') return found.kind;
  const type = found.node.childForFieldName('type')?.type;
  return type === 'struct_type' ? 'struct' : type === 'interface_type' ? 'interface' : 'type';
}

/**
 * Symbols from the definitions (sorted by position, outer before inner): each one's parent is the
 * innermost definition around it; names are qualified by their parents (or an enclosing
 * container, or a Go receiver); a function inside a type is a method, a method outside one a
 * function.
 */
export function buildSymbols(found: readonly Found[], containers: readonly Container[], source: string): CodeSymbol[] {
  const symbols: CodeSymbol[] = [];
  const open: number[] = [];
  /** Symbols whose parent is named, not around them (a Rust impl block, a Go receiver, C++ `A::f`). */
  const named: Array<[number, string]> = [];
  for (const f of found) {
    while (open.length > 0 && (found[open.at(-1) ?? 0]?.node.endIndex ?? 0) <= f.node.startIndex) open.pop();
    const parentIndex = open.at(-1);
    const parent = parentIndex === undefined ? undefined : symbols[parentIndex];
    // C++ `int Widget::size() {…}` defines Widget.size.
    const parts = f.name.split('::').filter((p) => p !== '');
    const name = parts.at(-1) ?? f.name;
    const scope = [...parts.slice(0, -1), ...(f.owner === undefined ? [] : [f.owner])].join('.');
    const container = parent === undefined ? containers.find((c) => c.start <= f.node.startIndex && f.node.endIndex <= c.end) : undefined;
    const outer = parent?.qualifiedName ?? container?.name ?? receiverType(f.node);
    const qualifier = scope === '' ? outer : outer === undefined ? scope : `${outer}.${scope}`;
    let kind = refineKind(f);
    const inType = (parent !== undefined && TYPE_KINDS.has(parent.kind)) || container !== undefined || receiverType(f.node) !== undefined || scope !== '';
    if (kind === 'function' && inType) kind = 'method';
    else if (kind === 'method' && !inType) kind = 'function';
    const { doc, decorators } = decorations(f.node);
    const index = symbols.length;
    symbols.push({
      kind,
      name,
      qualifiedName: qualifier === undefined ? name : `${qualifier}.${name}`,
      signature: signature(f.node, source),
      ...(doc === undefined ? {} : { doc }),
      startLine: f.node.startPosition.row + 1,
      endLine: f.node.endPosition.row + 1,
      ...(parentIndex === undefined ? {} : { parent: parentIndex }),
      decorators,
    });
    if (qualifier !== undefined && qualifier !== parent?.qualifiedName) named.push([index, qualifier]);
    open.push(index);
  }
  // A named parent is the type of that name in this file, when there is one.
  const types = new Map<string, number>();
  symbols.forEach((s, i) => {
    if (TYPE_KINDS.has(s.kind) && !types.has(s.qualifiedName)) types.set(s.qualifiedName, i);
  });
  for (const [index, qualifier] of named) {
    const symbol = symbols[index];
    // `impl<R> Deserializer<R>` names the type Deserializer: generic arguments are not part of its name.
    const type = types.get(qualifier) ?? types.get(qualifier.replace(/<.*$/s, '').trim());
    if (symbol !== undefined && type !== undefined && type !== index) symbol.parent = type;
  }
  return symbols;
}

/**
 * The innermost symbol around each position (positions ascending), in one sweep over both lists:
 * undefined where a position is in top-level code.
 */
export function enclosing(found: readonly Found[], positions: readonly number[]): Array<number | undefined> {
  const out: Array<number | undefined> = [];
  const open: number[] = [];
  let next = 0;
  for (const position of positions) {
    while (next < found.length && (found[next]?.node.startIndex ?? 0) <= position) {
      const start = found[next]?.node.startIndex ?? 0;
      while (open.length > 0 && (found[open.at(-1) ?? 0]?.node.endIndex ?? 0) <= start) open.pop();
      open.push(next);
      next += 1;
    }
    while (open.length > 0 && (found[open.at(-1) ?? 0]?.node.endIndex ?? 0) <= position) open.pop();
    out.push(open.at(-1));
  }
  return out;
}
