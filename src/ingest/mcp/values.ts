import type { Severity } from '../../errors.js';

/** Reports one problem about the tool being read; the caller adds code, file and tool name. */
export type Report = (severity: Severity, message: string) => void;

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An array whose items are all strings. */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** A short description of a JSON value for messages: `an array`, `the string "x…"`, `null`. */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'undefined') return 'nothing';
  return `${typeof value} ${String(value)}`;
}

/** Why a value is not an array of strings: `an array whose item 2 is number 5`, or what it is. */
export function describeNotStringArray(value: unknown): string {
  if (!Array.isArray(value)) return describeJson(value);
  const index = value.findIndex((item) => typeof item !== 'string');
  return `an array whose item ${index} is ${describeJson(value[index])}`;
}
