import type { Diagnostic } from '../errors.js';

/** One input parameter of a tool (an MCP inputSchema property, or an OpenAPI parameter / body field). */
export interface ToolParameter {
  name: string;
  /** JSON Schema type (`string`, `integer`, `array`, …) when known. */
  type?: string;
  required: boolean;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  /** OpenAPI location; absent for MCP tools. */
  in?: 'path' | 'query' | 'header' | 'cookie' | 'body';
}

/** An MCP annotation value: given by the source, or inferred by a named rule. */
export interface HintValue {
  value: boolean;
  source: 'explicit' | 'inferred';
  /** For inferred values: the rule that set it, e.g. `http-method:GET` or `verb:en:delete`. */
  rule?: string;
}

export interface ToolAnnotations {
  readOnlyHint?: HintValue;
  destructiveHint?: HintValue;
  idempotentHint?: HintValue;
  openWorldHint?: HintValue;
}

/** Search hints from the config file or a tool's `_meta["mdkg/hints"]`. */
export interface ToolHints {
  aliases?: string[];
  keywords?: string[];
  categories?: string[];
  examples?: string[];
}

/** A leaf field an operation consumes (parameters, request body) or produces (response body). */
export interface FieldRef {
  /** The field's own name, e.g. `orderId`. */
  name: string;
  /** Where it sits, e.g. `body.items[].sku`, `path.orderId`, `response.id`. */
  path: string;
  type?: string;
  /** Name of the component schema the field belongs to, when it came through a `$ref`. */
  schema?: string;
}

export interface OpenApiDetails {
  method: string;
  path: string;
  operationId: string;
  /** True when the spec had no operationId and a stable one was generated. */
  generatedOperationId: boolean;
  tags: string[];
  servers: string[];
  /** Names of the security schemes the operation requires. */
  security: string[];
  consumes: FieldRef[];
  produces: FieldRef[];
  /** Component schemas referenced by the request or responses (`#/components/schemas/Pet` → `Pet`). */
  schemaRefs: string[];
}

/** A tool as read from a source, before it becomes a document. */
export interface ToolModel {
  /** Source id (namespace), e.g. `petstore`, `filesystem`. */
  source: string;
  /** The tool's name as the source names it (MCP name, or OpenAPI operationId). */
  name: string;
  kind: 'mcp' | 'openapi';
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  parameters: ToolParameter[];
  annotations: ToolAnnotations;
  hints: ToolHints;
  /** The source marks the tool deprecated (OpenAPI `deprecated: true`, MCP `_meta["mdkg/deprecated"]: true`). */
  deprecated?: boolean;
  /** Tools of the same source this one requires, as the source declares them (docs/tools.md, "Declared dependencies"). */
  requires?: DeclaredRequire[];
  openapi?: OpenApiDetails;
}

/** Which input of a consumer a producer's output fills: `path.customerId` ← `response[].id`. */
export interface EdgeBinding {
  /** The consumer's parameter: `<in>.<name>` for an OpenAPI parameter (`path.petId`, `body.email`), the name for an MCP one. */
  parameter: string;
  /** The producer's field: `response[].id`, `response.id`, `request.path.id` (a value the producer was called with). */
  field: string;
}

/** Where a declared dependency was written: OpenAPI `links`, an operation's `x-mdkg-requires`, an MCP tool's `_meta["mdkg/requires"]`. */
export type DeclaredSource = 'declared:openapi-links' | 'declared:x-mdkg-requires' | 'declared:meta';

/** A dependency a source states: this tool requires `tool` (of the same source), optionally with bindings. */
export interface DeclaredRequire {
  tool: string;
  source: DeclaredSource;
  /** Where it was written, e.g. `link GetCustomer of GET /customers (200)`. */
  evidence: string;
  bindings?: EdgeBinding[];
}

export type Confidence = 'extracted' | 'inferred' | 'ambiguous';
export type Relation = 'requires' | 'precedes' | 'relatedTo' | 'nextStep';

/** A dependency between two tools of the same source. */
export interface DependencyEdge {
  /** Tool names within the source. */
  from: string;
  to: string;
  relation: Relation;
  confidence: Confidence;
  /** In [0, 1]. */
  score: number;
  /** Human-readable reason, e.g. `path /users/{id} extends /users`. */
  evidence: string;
  /**
   * Machine-readable rule id: a declared source (`declared:openapi-links`, `declared:x-mdkg-requires`,
   * `declared:meta`) or a detection rule (`path-hierarchy`, `crud-order`, `shared-schema`, `field-match`, `rpc-resource`).
   */
  rule: string;
  /** Declared edges: which parameter of `from` each field of `to` fills. */
  bindings?: EdgeBinding[];
}

/** A domain group (resource or tag) tools are members of. */
export interface ToolGroup {
  /** Stable id within the source, e.g. `pet`, `users`. */
  id: string;
  name: string;
  members: string[];
}

/** What reading one source gives: its tools and every problem found, never an exception for bad input. */
export interface IngestResult {
  source: string;
  tools: ToolModel[];
  diagnostics: Diagnostic[];
}
