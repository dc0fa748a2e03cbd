// The tools of a persisted index in columns: the four strings every search reads of every tool
// (iri, id, name, source) as arrays, the rest of each record as JSON text decoded when first
// read. Deserializing 10,000 records as objects took 164 ms (plus the garbage collection after);
// as columns, 5 ms. A search reads the rest of a few dozen tools, so the JSON texts are kept as
// UTF-8 bytes in one array (6.7 MB at 10,000 tools, viewed where the index file was read: see
// util/aligned-serialize.ts) and a record's text is decoded only when first read: as 10,000 strings
// they were the largest part of deserializing the index.
import type { ToolRecord } from './catalog/tool-records.js';
import type { ToolAnnotationsView } from './types.js';

export interface ToolColumns {
  iri: string[];
  id: string[];
  name: string[];
  source: string[];
  /** UTF-8 JSON of the other fields (inferredHints as a list): tool i's is bytes restOffsets[i] to restOffsets[i + 1]. */
  rest: Uint8Array;
  restOffsets: Uint32Array;
}

interface Rest {
  title?: string;
  description?: string;
  annotations: ToolAnnotationsView;
  inferredHints: (keyof ToolAnnotationsView)[];
  required: string[];
  groups: string[];
  deprecated?: boolean;
}

export function packTools(tools: readonly ToolRecord[]): ToolColumns {
  const texts = tools.map((t) => {
    const r: Rest = { annotations: t.annotations, inferredHints: [...t.inferredHints], required: t.required, groups: t.groups };
    if (t.title !== undefined) r.title = t.title;
    if (t.description !== undefined) r.description = t.description;
    if (t.deprecated !== undefined) r.deprecated = t.deprecated;
    return Buffer.from(JSON.stringify(r));
  });
  const restOffsets = new Uint32Array(texts.length + 1);
  texts.forEach((text, i) => {
    restOffsets[i + 1] = restOffsets[i]! + text.length;
  });
  return {
    iri: tools.map((t) => t.iri),
    id: tools.map((t) => t.id),
    name: tools.map((t) => t.name),
    source: tools.map((t) => t.source),
    rest: Buffer.concat(texts),
    restOffsets,
  };
}

const utf8 = new TextDecoder();

/** A record whose fields past the first four are decoded on first read. */
class LazyTool {
  readonly iri: string;
  readonly id: string;
  readonly name: string;
  readonly source: string;
  #columns: ToolColumns;
  #doc: number;
  #rest: Rest | undefined;
  #hints: Set<keyof ToolAnnotationsView> | undefined;

  constructor(columns: ToolColumns, doc: number) {
    this.iri = columns.iri[doc]!;
    this.id = columns.id[doc]!;
    this.name = columns.name[doc]!;
    this.source = columns.source[doc]!;
    this.#columns = columns;
    this.#doc = doc;
  }

  #data(): Rest {
    this.#rest ??= JSON.parse(utf8.decode(this.#columns.rest.subarray(this.#columns.restOffsets[this.#doc], this.#columns.restOffsets[this.#doc + 1]))) as Rest;
    return this.#rest;
  }

  get title(): string | undefined {
    return this.#data().title;
  }

  get description(): string | undefined {
    return this.#data().description;
  }

  get annotations(): ToolAnnotationsView {
    return this.#data().annotations;
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
  const out = new Array<ToolRecord>(columns.iri.length);
  for (let i = 0; i < out.length; i += 1) out[i] = new LazyTool(columns, i) as unknown as ToolRecord;
  return out;
}
