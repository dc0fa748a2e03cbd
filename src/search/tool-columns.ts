// The tools of a persisted index in columns: the four strings every search reads of every tool
// (iri, id, name, source) as arrays, the rest of each record as one JSON text decoded when first
// read. Deserializing 10,000 records as objects took 164 ms (plus the garbage collection after);
// as columns, 5 ms. A search reads the rest of a few dozen tools.
import type { ToolRecord } from './catalog/tool-records.js';
import type { ToolAnnotationsView } from './types.js';

export interface ToolColumns {
  iri: string[];
  id: string[];
  name: string[];
  source: string[];
  /** JSON of the other fields (inferredHints as a list). */
  rest: string[];
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
  const rest = tools.map((t) => {
    const r: Rest = { annotations: t.annotations, inferredHints: [...t.inferredHints], required: t.required, groups: t.groups };
    if (t.title !== undefined) r.title = t.title;
    if (t.description !== undefined) r.description = t.description;
    if (t.deprecated !== undefined) r.deprecated = t.deprecated;
    return JSON.stringify(r);
  });
  return { iri: tools.map((t) => t.iri), id: tools.map((t) => t.id), name: tools.map((t) => t.name), source: tools.map((t) => t.source), rest };
}

/** A record whose fields past the first four are decoded on first read. */
class LazyTool {
  readonly iri: string;
  readonly id: string;
  readonly name: string;
  readonly source: string;
  #text: string;
  #rest: Rest | undefined;
  #hints: Set<keyof ToolAnnotationsView> | undefined;

  constructor(iri: string, id: string, name: string, source: string, text: string) {
    this.iri = iri;
    this.id = id;
    this.name = name;
    this.source = source;
    this.#text = text;
  }

  #data(): Rest {
    this.#rest ??= JSON.parse(this.#text) as Rest;
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
  return columns.iri.map((iri, i) => new LazyTool(iri, columns.id[i]!, columns.name[i]!, columns.source[i]!, columns.rest[i]!) as unknown as ToolRecord);
}
