// plan_tools: the plan for a request (src/plan/, docs/plans.md): targets, steps in order with their
// known arguments, bindings, missing values, optional tools, closure. Read-only: each step runs
// through call_tool. A step whose tool the session's profile denies is named in a diagnostic.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Diagnostic } from '../errors.js';
import { planRequest } from '../plan/plan-request.js';
import type { Gateway, Session } from './gateway.js';
import { profileOf } from './profiles.js';
import { ok } from './results.js';

export interface PlanArgs {
  request: string;
  target?: string;
  max_depth?: number;
  known?: Record<string, unknown>;
  explain?: boolean;
}

export async function planTools(gw: Gateway, args: PlanArgs, session?: Session): Promise<CallToolResult> {
  const graph = await gw.graph();
  const plan = await planRequest({ index: gw.index, graph }, args.request, {
    ...(args.target === undefined ? {} : { target: args.target }),
    ...(args.max_depth === undefined ? {} : { maxDepth: args.max_depth }),
    ...(args.known === undefined ? {} : { known: args.known }),
    explain: args.explain === true,
  });
  const profile = profileOf(gw.config, session?.profile);
  const notes: Diagnostic[] = [];
  for (const step of plan.steps) {
    const tool = gw.index.tools().find((t) => t.id === step.tool);
    const denied = tool === undefined ? undefined : profile.denied(tool.source, tool.name);
    if (denied !== undefined) notes.push({ code: 'MDKG_USAGE', severity: 'warning', message: `step ${step.id} (${step.tool}) cannot be called: ${denied}` });
  }
  return ok({ ...plan, diagnostics: [...plan.diagnostics, ...notes] });
}
