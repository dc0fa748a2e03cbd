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
}

export function objectMatch(object: RequestObject | undefined, nameTerms: ReadonlySet<string>): ObjectMatch {
  return { objectInName: object?.forms.some((f) => nameTerms.has(f)) ? 1 : 0 };
}
