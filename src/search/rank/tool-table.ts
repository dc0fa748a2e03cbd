// Per-tool rows by tool number: a plain array, or rows decoded on first use (tool-tables.ts).
export interface ToolTable<T> {
  readonly size: number;
  get(doc: number): T;
}
