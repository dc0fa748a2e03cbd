// The shape of a plan: the tools a request needs, their prerequisites in dependency order, which
// output feeds which input, and what is still missing (docs/plans.md). Shared by the CLI, the
// gateway's plan_tools and the benchmark runner.
import type { Diagnostic } from '../errors.js';
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import type { QuadStore } from '../rdf/quad-store.js';
import type { ToolIndex } from '../search/tool-index.js';

/** What a plan is made from: the search index (targets) and the graph it was built from (parameters, fields, edges). */
export interface PlanSource {
  index: ToolIndex;
  graph: KnowledgeGraph | QuadStore;
}

export interface PlanOptions {
  /** Plan for this tool (id, `source/name`, or a name only one tool has) instead of searching for targets. */
  target?: string;
  /** Levels of prerequisites below a target (default 3, at most 10). */
  maxDepth?: number;
  /** Add `explanation`: for each parameter a producer filled, every candidate producer and why the first won. */
  explain?: boolean;
  /** Values the caller already knows, by parameter name (an agent's context, a form): they fill parameters like values in the request. */
  known?: Readonly<Record<string, unknown>>;
}

/** One target of the request: the best tool of one clause. */
export interface PlanTarget {
  clause: string;
  tool: string;
  confidence: number;
}

export interface PlanStep {
  /** `s1`, `s2`, ... in execution order. */
  id: string;
  tool: string;
  role: 'prerequisite' | 'target';
  /** The arguments known before running: values from the request or the known values, by parameter name. */
  arguments: Record<string, unknown>;
  /** The steps whose results this step needs. */
  dependsOn: string[];
}

export interface PlanBinding {
  /** The step whose result feeds the parameter; absent when the value comes from the request or the known values. */
  from?: string;
  /** The field of that step's result (`response[].id`), or for a request value the text it was read from. */
  field: string;
  /** The step that takes the value. */
  to: string;
  /** The parameter it fills (`path.petId` for OpenAPI operations, the argument name for MCP tools). */
  parameter: string;
  /** `request-value`, `known-value`, or the rule of the dependency edge (`field-match`, `declared`, ...). */
  rule: string;
  score: number;
  evidence: string;
}

export interface PlanMissing {
  step: string;
  parameter: string;
  /** Why nothing fills it: no producer, a cycle, the depth limit, a header or cookie. */
  reason: string;
}

export interface PlanOptional {
  tool: string;
  /** Usually runs before or after a step of the plan. */
  relation: 'before' | 'after';
  /** The step it is related to. */
  step: string;
  score: number;
}

export interface ClosureEntry {
  tool: string;
  role: 'prerequisite' | 'target';
  score: number;
}

export interface Plan {
  request: string;
  targets: PlanTarget[];
  steps: PlanStep[];
  bindings: PlanBinding[];
  missing: PlanMissing[];
  optional: PlanOptional[];
  /** The targets, each followed by its required producers (nearest first): the list retrieval metrics score. */
  closure: ClosureEntry[];
  diagnostics: Diagnostic[];
  /** With `explain`: the candidate producers of each parameter, in the order they were ranked. */
  explanation?: PlanExplanation[];
}

export interface PlanExplanation {
  step: string;
  parameter: string;
  candidates: { tool: string; rule: string; score: number; declared: boolean; chosen: boolean; note?: string }[];
}
