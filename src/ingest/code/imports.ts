import type { Node } from 'web-tree-sitter';
import { flat } from './node-text.js';
import { javascriptReexports, rustUses } from './reexports.js';
import type { CodeImport } from './types.js';

const MAX_MODULE = 200;
const unquote = (text: string): string => text.replace(/^["'`<]|["'`>]$/g, '');

function javascript(node: Node): CodeImport | undefined {
  const source = node.childForFieldName('source');
  if (source === null) return undefined;
  const names: CodeImport['names'] = [];
  const clause = node.namedChildren.find((c) => c.type === 'import_clause');
  for (const part of clause?.namedChildren ?? []) {
    if (part.type === 'identifier') names.push({ imported: 'default', local: part.text });
    else if (part.type === 'namespace_import') names.push({ imported: '*', local: part.namedChildren[0]?.text ?? '*' });
    else if (part.type === 'named_imports') {
      for (const spec of part.namedChildren) {
        if (spec.type !== 'import_specifier') continue;
        const imported = spec.childForFieldName('name')?.text ?? spec.text;
        names.push({ imported, local: spec.childForFieldName('alias')?.text ?? imported });
      }
    }
  }
  return { module: flat(unquote(source.text), MAX_MODULE), names, line: node.startPosition.row + 1 };
}

function pythonName(node: Node): { imported: string; local: string } {
  if (node.type === 'aliased_import') {
    const imported = node.childForFieldName('name')?.text ?? node.text;
    return { imported, local: node.childForFieldName('alias')?.text ?? imported };
  }
  return { imported: node.text, local: node.text };
}

function python(node: Node): CodeImport[] {
  const line = node.startPosition.row + 1;
  if (node.type === 'import_statement') {
    return node.childrenForFieldName('name').map((n) => {
      const { imported, local } = pythonName(n);
      return { module: imported, names: [{ imported: '*', local }], line };
    });
  }
  const module = node.childForFieldName('module_name')?.text ?? '';
  const names = node.childrenForFieldName('name').map(pythonName);
  if (node.namedChildren.some((c) => c.type === 'wildcard_import')) names.push({ imported: '*', local: '*' });
  const own = { module: flat(module, MAX_MODULE), names, line };
  // `from . import x` may import the submodule x.py: also the module `.x`, binding nothing (it names a file only when there is one).
  if (!/^\.+$/.test(module)) return [own];
  return [own, ...names.filter((n) => n.imported !== '*').map((n) => ({ module: flat(`${module}${n.imported}`, MAX_MODULE), names: [], line }))];
}

/** Node types of import statements whose module is their text (less the keywords). */
const PLAIN: Readonly<Record<string, { types: string[]; strip: RegExp }>> = {
  go: { types: ['import_spec'], strip: /^[\w.]*\s*/ },
  java: { types: ['import_declaration'], strip: /^import\s+(static\s+)?|;$/g },
  csharp: { types: ['using_directive'], strip: /^(global\s+)?using\s+(static\s+)?|;$/g },
  cpp: { types: ['preproc_include'], strip: /^#\s*include\s*/ },
  php: { types: ['namespace_use_clause'], strip: /^\\/ },
};

function plain(root: Node, language: string): CodeImport[] {
  const spec = PLAIN[language];
  if (spec === undefined) return [];
  return root.descendantsOfType(spec.types).map((node) => {
    const text = node.type === 'import_spec' ? (node.childForFieldName('path')?.text ?? node.text) : node.text.replace(spec.strip, '');
    const module = flat(unquote(text.trim()), MAX_MODULE);
    const last = module.split(/[.\\/:]+/).at(-1) ?? module;
    const names = /^\w+$/.test(last) && language !== 'go' && language !== 'cpp' ? [{ imported: last, local: last }] : [];
    return { module, names, line: node.startPosition.row + 1 };
  });
}

function ruby(root: Node): CodeImport[] {
  return root.descendantsOfType('call').flatMap((call) => {
    const method = call.childForFieldName('method')?.text;
    if (method !== 'require' && method !== 'require_relative') return [];
    const argument = call.childForFieldName('arguments')?.namedChildren[0];
    if (argument?.type !== 'string') return [];
    return [{ module: flat(unquote(argument.text), MAX_MODULE), names: [], line: call.startPosition.row + 1 }];
  });
}

/**
 * Rust: one import per leaf of each `use` tree (`use a::{b, c as d}` imports `a::b` and `a::c` as
 * d), and a module declaration without a body (`mod x;`) as the module `mod x`, which names the
 * file x.rs or x/mod.rs (resolve-module.ts).
 */
function rust(root: Node): CodeImport[] {
  const uses: CodeImport[] = rustUses(root).map((leaf) => ({
    module: leaf.module,
    names: leaf.imported === '*' ? [] : [{ imported: leaf.imported, local: leaf.local }],
    line: leaf.statement.startPosition.row + 1,
  }));
  const mods: CodeImport[] = root.descendantsOfType('mod_item').flatMap((node) => {
    const name = node.childForFieldName('name');
    return node.childForFieldName('body') === null && name !== null ? [{ module: `mod ${name.text}`, names: [], line: node.startPosition.row + 1 }] : [];
  });
  return [...uses, ...mods].sort((a, b) => a.line - b.line);
}

/** The imports of a file: module as written and the names it binds, in source order. */
export function readImports(root: Node, language: string): CodeImport[] {
  if (language === 'typescript' || language === 'tsx' || language === 'javascript') {
    // Import declarations are top-level statements only: no walk of the whole tree. `export … from`
    // imports its module without binding a name here (its names are re-export symbols: reexports.ts).
    const exported = new Map(javascriptReexports(root).map((leaf) => [leaf.statement.id, leaf]));
    return root.namedChildren.flatMap((n) => {
      if (n.type === 'import_statement') return javascript(n) ?? [];
      const leaf = exported.get(n.id);
      return leaf === undefined ? [] : [{ module: leaf.module, names: [], line: n.startPosition.row + 1 }];
    });
  }
  if (language === 'rust') return rust(root);
  if (language === 'python') return root.descendantsOfType(['import_statement', 'import_from_statement']).flatMap(python);
  if (language === 'ruby') return ruby(root);
  return plain(root, language);
}
