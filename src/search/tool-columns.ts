// The tools of a persisted index in columns: every string of every record as UTF-8 bytes in one
// array per column (viewed where the index file was read: util/aligned-serialize.ts), decoded when a
// record's field is first read. A search reads a few dozen of 10,000 tools: as objects the records
// took 164 ms to deserialize (plus the garbage collection after); as arrays of strings about 5 ms
// for the names and 6.7 MB of JSON texts that were the largest part of reading the index; as bytes,
// nothing until read.
import type { ToolRecord } from './catalog/tool-records.js';
import type { ToolAnnotationsView } from './types.js';

/** Strings as UTF-8 bytes: string i is bytes offsets[i] to offsets[i + 1]. */
export interface PackedStrings {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

export interface ToolColumns {
  iri: PackedStrings;
  id: PackedStrings;
  name: PackedStrings;
  source: PackedStrings;
  /**
   * Each tool's annotations as JSON: variants[of[i]] (a catalog has a handful of distinct ones). Kept
   * apart from the rest: a search reads them for every tool the graph expansion reaches (235 of
   * 10,000 for "list all orders"), the rest for about 20.
   */
  annotations: { variants: string[]; of: Uint16Array | Uint32Array };
  /** JSON of the other fields (inferredHints as a list); from a persisted index, read on demand (search/index-file.ts). */
  rest: PackedStrings | { text(i: number): string };
}

interface Rest {
  title?: string;
  description?: string;
  inferredHints: (keyof ToolAnnotationsView)[];
  required: string[];
  groups: string[];
  deprecated?: boolean;
}

export function packStrings(strings: readonly string[]): PackedStrings {
  const parts = strings.map((s) => Buffer.from(s));
  const offsets = new Uint32Array(parts.length + 1);
  for (let i = 0; i < parts.length; i += 1) offsets[i + 1] = offsets[i]! + parts[i]!.length;
  return { bytes: Buffer.concat(parts), offsets };
}

const utf8 = new TextDecoder();

export function stringAt(packed: PackedStrings, i: number): string {
  return utf8.decode(packed.bytes.subarray(packed.offsets[i], packed.offsets[i + 1]));
}

export function packTools(tools: readonly ToolRecord[]): ToolColumns {
  const variants = new Map<string, number>();
  const of = new Uint32Array(tools.length);
  tools.forEach((t, i) => {
    const text = JSON.stringify(t.annotations);
    let code = variants.get(text);
    if (code === undefined) variants.set(text, (code = variants.size));
    of[i] = code;
  });
  const rest = tools.map((t) => {
    const r: Rest = { inferredHints: [...t.inferredHints], required: t.required, groups: t.groups };
    if (t.title !== undefined) r.title = t.title;
    if (t.description !== undefined) r.description = t.description;
    if (t.deprecated !== undefined) r.deprecated = t.deprecated;
    return JSON.stringify(r);
  });
  return {
    iri: packStrings(tools.map((t) => t.iri)),
    id: packStrings(tools.map((t) => t.id)),
    name: packStrings(tools.map((t) => t.name)),
    source: packStrings(tools.map((t) => t.source)),
    annotations: { variants: [...variants.keys()], of: variants.size <= 0x10000 ? Uint16Array.from(of) : of },
    rest: packStrings(rest),
  };
}

/** A record whose fields are decoded on first read. */
class LazyTool {
  readonly #columns: ToolColumns;
  readonly #doc: number;
  #iri: string | undefined;
  #id: string | undefined;
  #name: string | undefined;
  #source: string | undefined;
  #rest: Rest | undefined;
  #annotations: ToolAnnotationsView | undefined;
  #hints: Set<keyof ToolAnnotationsView> | undefined;

  constructor(columns: ToolColumns, doc: number) {
    this.#columns = columns;
    this.#doc = doc;
  }

  get iri(): string {
    this.#iri ??= stringAt(this.#columns.iri, this.#doc);
    return this.#iri;
  }

  get id(): string {
    this.#id ??= stringAt(this.#columns.id, this.#doc);
    return this.#id;
  }

  get name(): string {
    this.#name ??= stringAt(this.#columns.name, this.#doc);
    return this.#name;
  }

  get source(): string {
    this.#source ??= stringAt(this.#columns.source, this.#doc);
    return this.#source;
  }

  #data(): Rest {
    const rest = this.#columns.rest;
    this.#rest ??= JSON.parse('text' in rest ? rest.text(this.#doc) : stringAt(rest, this.#doc)) as Rest;
    return this.#rest;
  }

  get title(): string | undefined {
    return this.#data().title;
  }

  get description(): string | undefined {
    return this.#data().description;
  }

  get annotations(): ToolAnnotationsView {
    const { variants, of } = this.#columns.annotations;
    this.#annotations ??= JSON.parse(variants[of[this.#doc]!]!) as ToolAnnotationsView;
    return this.#annotations;
  }

  get inferredHints(): Set<keyof ToolAnnotationsView> {
    this.#hints ??= new Set(this.#data().inferredHints);
    return this.#hints;
  }

  get required(): string[] {
    return this.#data().required;
  }

  get groups(): string[] {
    return this.#data().groups;
  }

  get deprecated(): boolean | undefined {
    return this.#data().deprecated;
  }
}

/** The records of packed columns (read-only: their fields are getters). */
export function unpackTools(columns: ToolColumns): ToolRecord[] {
  const out = new Array<ToolRecord>(columns.iri.offsets.length - 1);
  for (let i = 0; i < out.length; i += 1) out[i] = new LazyTool(columns, i) as unknown as ToolRecord;
  return out;
}
