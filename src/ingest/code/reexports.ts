import type { Node } from 'web-tree-sitter';
import { flat } from './node-text.js';

/**
 * Use trees and re-exports. A Rust `use a::{b, c::D as E, f::*};` is one import per leaf (`a::b`,
 * `a::c::D` bound as E, `a::f::*`); `pub use` (any visibility) and JavaScript/TypeScript
 * `export { X, Y as Z } from './m'` / `export * as ns from './m'` also re-export names: each such
 * name is a symbol of the re-exporting file pointing at its target (parse-code.ts), so a type is
 * found where users import it from. `export * from './m'` re-exports no name: it is an import of
 * the module only.
 */

const MAX_MODULE = 200;
/** Leaves of one `use` tree kept, at most (a hostile tree of thousands stays bounded). */
const MAX_LEAVES = 200;
/** Nested lists followed, at most (`use a::{b::{c::{…}}}`): hostile nesting must not overflow the call stack. */
const MAX_NESTING = 16;

/** One imported or re-exported name: the module path as written (for Rust with the name), the name there and here. */
export interface UseLeaf {
  module: string;
  /** Name in the target module (`*` for a wildcard or namespace, `default` for a default export). */
  imported: string;
  /** Name bound or exported here. */
  local: string;
  /** The statement (for its line, doc comment and parent). */
  statement: Node;
  /** A re-export (`pub use`, `export … from`) rather than an import. */
  exported: boolean;
}

const compact = (text: string): string => text.replace(/\s+/g, '');
const lastSegment = (path: string): string => path.split('::').at(-1) ?? path;
const join = (prefix: string, part: string): string => (prefix === '' ? part : `${prefix}::${part}`);

function rustLeaves(node: Node, prefix: string, out: Array<{ path: string; alias?: string; wildcard: boolean }>, depth = 0): void {
  if (out.length >= MAX_LEAVES || depth > MAX_NESTING) return;
  switch (node.type) {
    case 'use_as_clause': {
      const path = node.childForFieldName('path');
      const alias = node.childForFieldName('alias');
      if (path !== null) out.push({ path: join(prefix, compact(path.text)), ...(alias === null ? {} : { alias: alias.text }), wildcard: false });
      return;
    }
    case 'use_list':
      for (const child of node.namedChildren) rustLeaves(child, prefix, out, depth + 1);
      return;
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const list = node.childForFieldName('list');
      if (list !== null) rustLeaves(list, path === null ? prefix : join(prefix, compact(path.text)), out, depth + 1);
      return;
    }
    case 'use_wildcard': {
      const path = node.namedChildren.find((c) => c.type !== 'comment');
      out.push({ path: join(prefix, path === undefined ? '*' : `${compact(path.text)}::*`), wildcard: true });
      return;
    }
    default:
      if (/identifier$|^(self|crate|super|metavariable)$/.test(node.type)) out.push({ path: join(prefix, compact(node.text)), wildcard: false });
  }
}

/** The leaves of every Rust `use` declaration, in source order. */
export function rustUses(root: Node): UseLeaf[] {
  const out: UseLeaf[] = [];
  for (const statement of root.descendantsOfType('use_declaration')) {
    const argument = statement.childForFieldName('argument');
    if (argument === null) continue;
    const exported = statement.namedChildren.some((c) => c.type === 'visibility_modifier');
    const leaves: Array<{ path: string; alias?: string; wildcard: boolean }> = [];
    rustLeaves(argument, '', leaves);
    for (const leaf of leaves) {
      // `use a::{self}` imports the module `a` itself.
      const path = leaf.path.endsWith('::self') ? leaf.path.slice(0, -'::self'.length) : leaf.path;
      const name = lastSegment(path);
      out.push({
        module: flat(path, MAX_MODULE),
        imported: leaf.wildcard ? '*' : name,
        local: leaf.wildcard ? '*' : (leaf.alias ?? name),
        statement,
        exported,
      });
    }
  }
  return out;
}

const unquote = (text: string): string => text.replace(/^["'`]|["'`]$/g, '');

/** The re-exports of a JavaScript or TypeScript file (top-level `export … from` statements). */
export function javascriptReexports(root: Node): UseLeaf[] {
  const out: UseLeaf[] = [];
  for (const statement of root.namedChildren) {
    if (statement.type !== 'export_statement') continue;
    const source = statement.childForFieldName('source');
    if (source === null) continue;
    const module = flat(unquote(source.text), MAX_MODULE);
    const leaf = (imported: string, local: string): number => out.push({ module, imported, local, statement, exported: true });
    const clause = statement.namedChildren.find((c) => c.type === 'export_clause');
    const namespace = statement.namedChildren.find((c) => c.type === 'namespace_export');
    if (clause !== undefined) {
      for (const spec of clause.namedChildren.slice(0, MAX_LEAVES)) {
        if (spec.type !== 'export_specifier') continue;
        const name = unquote(spec.childForFieldName('name')?.text ?? '');
        const alias = spec.childForFieldName('alias');
        if (name !== '') leaf(name, alias === null ? name : unquote(alias.text));
      }
    } else if (namespace !== undefined) {
      const name = namespace.namedChildren.at(-1);
      if (name !== undefined) leaf('*', unquote(name.text));
    } else leaf('*', '*');
  }
  return out;
}

/** The declaration a re-export symbol shows: `pub use a::b::C as D`, `export { X as Y } from './m'`. */
export function reexportSignature(leaf: UseLeaf, language: string): string {
  if (language === 'rust') {
    const visibility = leaf.statement.namedChildren.find((c) => c.type === 'visibility_modifier')?.text ?? 'pub';
    return flat(`${visibility} use ${leaf.module}${leaf.local === leaf.imported ? '' : ` as ${leaf.local}`}`, 200);
  }
  if (leaf.imported === '*') return flat(`export * as ${leaf.local} from '${leaf.module}'`, 200);
  return flat(`export { ${leaf.imported}${leaf.local === leaf.imported ? '' : ` as ${leaf.local}`} } from '${leaf.module}'`, 200);
}
