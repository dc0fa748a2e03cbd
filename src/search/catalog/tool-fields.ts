// The text of the fields BM25 indexes, per tool, read from the store when asked: an index build
// tokenizes each tool's text once and keeps none of it, so the text is never held for all tools.
import { DEFAULT_PREFIXES } from '../../rdf/namespaces.js';
import type { PredicateTable, TermReader } from './term-reader.js';
import { toolActions } from './tool-action.js';
import { own } from '../../util/own.js';

/** A derived field: the action word of a tool's name (see tool-action.ts). */
export const ACTION_FIELD = 'action';

/** Literal predicates a field key reads: `p` on the tool, `parameter/p` on its parameters, `group/p` on its groups. */
export function fieldPredicate(key: string): { hop?: 'parameter' | 'group'; predicate: string } {
  const slash = key.indexOf('/');
  const hop = slash < 0 ? undefined : key.slice(0, slash);
  const local = slash < 0 ? key : key.slice(slash + 1);
  const colon = local.indexOf(':');
  const prefix = own(DEFAULT_PREFIXES, local.slice(0, colon));
  const predicate = colon > 0 && prefix !== undefined ? prefix + local.slice(colon + 1) : local;
  return hop === 'parameter' || hop === 'group' ? { hop, predicate } : { predicate };
}

/** Reads the text of `fieldKeys` for one tool at a time (by the tool's term id). */
export class ToolFields {
  readonly #r: TermReader;
  readonly #specs: { key: string; hop?: 'parameter' | 'group'; slot: number }[];
  readonly #tool: PredicateTable;
  readonly #param: PredicateTable;
  readonly #group: PredicateTable;
  readonly #params: number;
  readonly #memberOf: number;
  readonly #actions: readonly (string | undefined)[] | undefined;

  /** `tools` gives the names and sources the action field is derived from (when it is asked for). */
  constructor(
    r: TermReader,
    fieldKeys: readonly string[],
    tools: readonly { name: string; source: string }[],
    vocabulary: { parameter: string; memberOf: string },
  ) {
    const specs = fieldKeys.filter((k) => k !== ACTION_FIELD).map((key) => ({ key, ...fieldPredicate(key) }));
    const of = (hop: 'parameter' | 'group' | undefined): string[] => specs.filter((f) => f.hop === hop).map((f) => f.predicate);
    this.#r = r;
    this.#tool = r.table([vocabulary.parameter, vocabulary.memberOf, ...of(undefined)]);
    this.#param = r.table(of('parameter'));
    this.#group = r.table(of('group'));
    this.#params = this.#tool.at(vocabulary.parameter);
    this.#memberOf = this.#tool.at(vocabulary.memberOf);
    this.#specs = specs.map((f) => ({ ...f, slot: (f.hop === 'parameter' ? this.#param : f.hop === 'group' ? this.#group : this.#tool).at(f.predicate) }));
    this.#actions = fieldKeys.includes(ACTION_FIELD) ? toolActions(tools).map((a) => a.word) : undefined;
  }

  /** Text per field key of tool `index` (term id `tool`): keys in the given order, `action` last; empty fields left out. */
  read(index: number, tool: number): Map<string, string[]> {
    const r = this.#r;
    const specs = this.#specs;
    const values = specs.map((): string[] => []);
    r.collect(tool, this.#tool);
    for (const [k, f] of specs.entries()) if (f.hop === undefined) r.literals(this.#tool, f.slot, values[k]!);
    if (!this.#param.empty) {
      for (const p of r.objects(this.#tool, this.#params)) {
        r.collect(p, this.#param);
        for (const [k, f] of specs.entries()) if (f.hop === 'parameter') r.literals(this.#param, f.slot, values[k]!);
      }
    }
    if (!this.#group.empty) {
      for (const g of r.objects(this.#tool, this.#memberOf)) {
        if (!r.isNamedNode(g)) continue;
        r.collect(g, this.#group);
        for (const [k, f] of specs.entries()) if (f.hop === 'group') r.literals(this.#group, f.slot, values[k]!);
      }
    }
    const fields = new Map<string, string[]>();
    for (const [k, f] of specs.entries()) if (values[k]!.length > 0) fields.set(f.key, values[k]!);
    const action = this.#actions?.[index];
    if (action !== undefined) fields.set(ACTION_FIELD, [action]);
    return fields;
  }
}
