// The text of the fields BM25 indexes, per tool, read from the store when asked: an index build
// tokenizes each tool's text once and keeps none of it, so the text is never held for all tools.
import { DEFAULT_PREFIXES } from '../../rdf/namespaces.js';
import type { PredicateTable, TermReader } from './term-reader.js';
import { toolActions } from './tool-action.js';
import { own } from '../../util/own.js';

/** A derived field: the action word of a tool's name (see tool-action.ts). */
export const ACTION_FIELD = 'action';

type Hop = 'parameter' | 'group' | 'source';
const HOPS: readonly string[] = ['parameter', 'group', 'source'];

/**
 * What of a source document's literal is indexed: its opening, the first SOURCE_FIELD_PARAGRAPHS
 * paragraphs (blocks between blank lines), at most SOURCE_FIELD_WORDS words (runs of non-space). A
 * server's instructions can be pages long: the opening says what the server is, what follows is
 * how-to detail (tool names, limits, settings) that would let one verbose server match every request.
 */
export const SOURCE_FIELD_WORDS = 48;
export const SOURCE_FIELD_PARAGRAPHS = 2;

/** The opening of a text (see SOURCE_FIELD_WORDS), its words joined by single spaces. */
export function boundSourceText(text: string): string {
  const opening = text
    .split(/\n[ \t]*\n/)
    .filter((p) => p.trim() !== '')
    .slice(0, SOURCE_FIELD_PARAGRAPHS)
    .join(' ');
  return (opening.match(/\S+/g) ?? []).slice(0, SOURCE_FIELD_WORDS).join(' ');
}

/**
 * Literal predicates a field key reads: `p` on the tool, `parameter/p` on its parameters, `group/p`
 * on its groups, `source/p` on the document of its source (type ToolSource, same `mdkg:source`).
 */
export function fieldPredicate(key: string): { hop?: Hop; predicate: string } {
  const slash = key.indexOf('/');
  const hop = slash < 0 ? undefined : key.slice(0, slash);
  const local = slash < 0 ? key : key.slice(slash + 1);
  const colon = local.indexOf(':');
  const prefix = own(DEFAULT_PREFIXES, local.slice(0, colon));
  const predicate = colon > 0 && prefix !== undefined ? prefix + local.slice(colon + 1) : local;
  return hop !== undefined && HOPS.includes(hop) ? { hop: hop as Hop, predicate } : { predicate };
}

/** Reads the text of `fieldKeys` for one tool at a time (by the tool's term id). */
export class ToolFields {
  readonly #r: TermReader;
  readonly #specs: { key: string; hop?: Hop; slot: number }[];
  readonly #tool: PredicateTable;
  readonly #param: PredicateTable;
  readonly #group: PredicateTable;
  readonly #ofSource: PredicateTable;
  readonly #params: number;
  readonly #memberOf: number;
  readonly #source: number;
  /** The source texts by source document, read once (every tool of a source shares them). */
  readonly #sourceText = new Map<number, string[][]>();
  readonly #sources: ReadonlyMap<string, number>;
  readonly #actions: readonly (string | undefined)[] | undefined;

  /**
   * `tools` gives the names and sources the action field is derived from (when it is asked for);
   * `sources` the document (term id) of each source id that has one.
   */
  constructor(
    r: TermReader,
    fieldKeys: readonly string[],
    tools: readonly { name: string; source: string }[],
    vocabulary: { parameter: string; memberOf: string; source: string },
    sources: ReadonlyMap<string, number> = new Map(),
  ) {
    const specs = fieldKeys.filter((k) => k !== ACTION_FIELD).map((key) => ({ key, ...fieldPredicate(key) }));
    const of = (hop: Hop | undefined): string[] => specs.filter((f) => f.hop === hop).map((f) => f.predicate);
    this.#r = r;
    this.#tool = r.table([vocabulary.parameter, vocabulary.memberOf, vocabulary.source, ...of(undefined)]);
    this.#param = r.table(of('parameter'));
    this.#group = r.table(of('group'));
    this.#ofSource = r.table(of('source'));
    this.#params = this.#tool.at(vocabulary.parameter);
    this.#memberOf = this.#tool.at(vocabulary.memberOf);
    this.#source = this.#tool.at(vocabulary.source);
    this.#sources = sources;
    const tableOf = (hop: Hop | undefined): PredicateTable =>
      hop === 'parameter' ? this.#param : hop === 'group' ? this.#group : hop === 'source' ? this.#ofSource : this.#tool;
    this.#specs = specs.map((f) => ({ ...f, slot: tableOf(f.hop).at(f.predicate) }));
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
    if (!this.#ofSource.empty && this.#sources.size > 0) {
      const source = r.value(r.firstLiteral(this.#tool, this.#source));
      const doc = source === undefined ? undefined : this.#sources.get(source);
      if (doc !== undefined) {
        const texts = this.#sourceTexts(doc);
        for (const [k, f] of specs.entries()) if (f.hop === 'source') values[k]!.push(...texts[k]!);
      }
    }
    const fields = new Map<string, string[]>();
    for (const [k, f] of specs.entries()) if (values[k]!.length > 0) fields.set(f.key, values[k]!);
    const action = this.#actions?.[index];
    if (action !== undefined) fields.set(ACTION_FIELD, [action]);
    return fields;
  }

  /** The bounded texts of a source document per spec (only `source/` specs have any). */
  #sourceTexts(doc: number): string[][] {
    if (this.#sourceText.size === 0) this.#readSources();
    return this.#sourceText.get(doc) ?? this.#specs.map(() => []);
  }

  /**
   * Reads every source document once. A word every source says of itself (`server` in the names of
   * all servers) tells none of them apart, and would only lower the weight of the word where it
   * does: with two sources or more, such words are left out of the source fields.
   */
  #readSources(): void {
    const r = this.#r;
    const raw = new Map<number, string[][]>();
    for (const doc of new Set(this.#sources.values())) {
      r.collect(doc, this.#ofSource);
      raw.set(
        doc,
        this.#specs.map((f): string[] => {
          const out: string[] = [];
          if (f.hop === 'source') r.literals(this.#ofSource, f.slot, out);
          return out.map(boundSourceText).filter((t) => t !== '');
        }),
      );
    }
    const common = raw.size < 2 ? new Set<string>() : sharedWords([...raw.values()].map((texts) => texts.flat()));
    for (const [doc, texts] of raw)
      this.#sourceText.set(
        doc,
        texts.map((list) => list.map((t) => withoutWords(t, common)).filter((t) => t !== '')),
      );
  }
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-case words found in every one of `docs` (each a list of texts). */
function sharedWords(docs: readonly (readonly string[])[]): Set<string> {
  const sets = docs.map((texts) => new Set(texts.flatMap((t) => t.toLowerCase().match(WORD) ?? [])));
  const [first, ...rest] = sets;
  return new Set([...(first ?? [])].filter((w) => rest.every((set) => set.has(w))));
}

/** `text` without the words of `drop` (compared in lower case); what is left joined by spaces. */
function withoutWords(text: string, drop: ReadonlySet<string>): string {
  if (drop.size === 0) return text;
  return (text.match(WORD) ?? []).filter((w) => !drop.has(w.toLowerCase())).join(' ');
}
