// Destructive calls confirmed (serve.confirm_destructive, on unless false): a tool whose
// destructiveHint is true (the live server's annotations, else its document's) runs only when the
// user accepts (MCP elicitation, when the client declared it) or, for a client that cannot ask
// its user, when call_tool is sent with confirm: true.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Gateway, KnownTool, Session } from './gateway.js';
import { fail } from './results.js';

/** Time the user has to answer the confirmation. */
export const CONFIRM_TIMEOUT_MS = 120_000;
/** Characters of the arguments shown to the user. */
const MAX_ARGUMENTS_SHOWN = 600;

/**
 * The tool's destructiveHint: the connected server's, else its document's; undefined when neither
 * says (then the call is not confirmed: the MCP default, true, would stop every unannotated tool).
 */
export function destructiveHint(gw: Gateway, tool: KnownTool): boolean | undefined {
  const live = gw.servers.get(tool.source)?.tools.get(tool.name)?.annotations?.destructiveHint;
  return live ?? gw.index.tools().find((t) => t.source === tool.source && t.name === tool.name)?.annotations.destructiveHint;
}

/** The arguments as JSON, cut to MAX_ARGUMENTS_SHOWN characters (saying how many were left out). */
export function shownArguments(args: Record<string, unknown>): string {
  const text = JSON.stringify(args);
  return text.length <= MAX_ARGUMENTS_SHOWN ? text : `${text.slice(0, MAX_ARGUMENTS_SHOWN)}… (${text.length - MAX_ARGUMENTS_SHOWN} more characters)`;
}

/** Whether the client declared MCP elicitation in form mode (an empty capability means form). */
function canElicit(session: Session | undefined): boolean {
  const elicitation = session?.server.getClientCapabilities()?.elicitation as Record<string, unknown> | undefined;
  return elicitation !== undefined && (elicitation.form !== undefined || Object.keys(elicitation).length === 0);
}

/**
 * Undefined when the call may run; else the error result that says why not (nothing is sent).
 * A client with elicitation is always asked (a model cannot approve for its user with confirm: true).
 */
export async function confirmCall(
  gw: Gateway,
  session: Session | undefined,
  tool: KnownTool,
  args: Record<string, unknown>,
  confirm: boolean | undefined,
): Promise<CallToolResult | undefined> {
  if (gw.config.serve?.confirm_destructive === false || destructiveHint(gw, tool) !== true) return undefined;
  const about = { tool: tool.id, server: tool.source };
  if (!canElicit(session)) {
    if (confirm === true) return undefined;
    return fail(
      `${tool.id} (server "${tool.source}") is destructive (destructiveHint) and this client cannot ask its user (no MCP elicitation): call_tool again with confirm: true to run it`,
      { ...about, needsConfirmation: true },
    );
  }
  let action: string;
  try {
    const answer = await session!.server.elicitInput(
      {
        message: `Run the destructive tool ${tool.source}/${tool.name} of server "${tool.source}"?\nArguments: ${shownArguments(args)}`,
        requestedSchema: { type: 'object', properties: {} },
      },
      { timeout: CONFIRM_TIMEOUT_MS },
    );
    action = answer.action;
  } catch (error) {
    return fail(`${tool.id} was not run: asking the user to confirm it failed (${(error as Error).message})`, { ...about, needsConfirmation: true });
  }
  if (action === 'accept') return undefined;
  return fail(`${tool.id} was not run: the user ${action === 'decline' ? 'declined' : 'cancelled'} it`, { ...about, declined: true, action });
}
