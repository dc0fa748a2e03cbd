// How well a tool's MCP annotations fit the intent of a request (the table in DESIGN.md).
import type { Intent, ToolAnnotationsView } from '../types.js';

/** The annotation column a tool falls in; `none` when it has neither readOnly nor destructive hints. */
export type AnnotationClass = 'readOnly' | 'notReadOnly' | 'destructive' | 'write' | 'none';

const TABLE: Readonly<Record<Exclude<Intent, 'neutral'>, Readonly<Record<Exclude<AnnotationClass, 'none'>, number>>>> = {
  read: { readOnly: 1.0, notReadOnly: 0.3, destructive: 0.0, write: 0.3 },
  write: { readOnly: 0.0, notReadOnly: 1.0, destructive: 0.3, write: 1.0 },
  delete: { readOnly: 0.0, notReadOnly: 0.1, destructive: 1.0, write: 0.1 },
};

export function annotationClass(a: ToolAnnotationsView): AnnotationClass {
  if (a.destructiveHint === true && a.readOnlyHint !== true) return 'destructive';
  if (a.readOnlyHint === true) return 'readOnly';
  if (a.readOnlyHint === false) return a.destructiveHint === false ? 'write' : 'notReadOnly';
  if (a.destructiveHint === false) return 'write';
  return 'none';
}

/** Alignment in [0, 1], or undefined when it does not apply (neutral intent, or no annotations). */
export function alignment(intent: Intent, annotations: ToolAnnotationsView): number | undefined {
  if (intent === 'neutral') return undefined;
  const cls = annotationClass(annotations);
  return cls === 'none' ? undefined : TABLE[intent][cls];
}
