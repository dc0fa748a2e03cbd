// Whether a tool is named after the request's object (request/request-object.ts): "make a folder"
// is about a tool named for directories, not one that says "make" in its description. A feature of
// the re-ranker. (Measured and left out: a feature for a tool that never mentions the object, which
// punished paraphrases; and both as confidence features, which the calibration fit gave no weight.)

/** The request's object with the terms that stand for it: itself, its equivalents, its corrections. */
export interface RequestObject {
  term: string;
  forms: readonly string[];
}

export interface ObjectMatch {
  /** 1 when the tool's name has the object (or a form of it), else 0. */
  objectInName: number;
  /**
   * 1 when the tool's name says both what the request does and to what: its action is the
   * request's (`action` 1) and its name has the object ("remove a relation between two entities"
   * -> delete_relations, not delete_entities, which only shares the action and a modifier's noun).
   */
  actionObject: number;
}

/** The object features of a tool, given its name terms and whether its action is the request's (rerank.ts `action`). */
export function objectMatch(object: RequestObject | undefined, nameTerms: ReadonlySet<string>, action: number): ObjectMatch {
  const objectInName = object?.forms.some((f) => nameTerms.has(f)) ? 1 : 0;
  return { objectInName, actionObject: objectInName === 1 && action === 1 ? 1 : 0 };
}
