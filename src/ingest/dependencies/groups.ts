// Domain groups: resource terms of OpenAPI paths and tags, and nouns shared by MCP tool names.
import type { ToolGroup, ToolModel } from '../types.js';
import { verbInIdentifier, verbOfWord } from '../../lexicon/verbs.js';
import { singularize, splitIdentifier, termKey } from '../../lexicon/words.js';
import { resourceTerms, type ApiShape, type Operation } from './paths.js';
import { NOUN_STOPWORDS } from './terms.js';

const CONJUNCTIONS = new Set(['or', 'and']);

function add(map: Map<string, Set<string>>, term: string, member: string): void {
  if (term.length === 0) return;
  const set = map.get(term) ?? new Set<string>();
  set.add(member);
  map.set(term, set);
}

/**
 * The noun phrase of an MCP tool name: its words without its verb (a leading coordinated verb
 * group such as `create_or_update`, else the first verb) and function words, singular, in order:
 * `create_entities` -> [entity], `get_pull_request_reviews` -> [pull, request, review].
 */
export function nounPhrase(name: string): string[] {
  const words = splitIdentifier(name);
  const isVerb = (i: number): boolean => i < words.length && verbOfWord(words[i]!)?.verb === words[i];
  let start = isVerb(0) ? 1 : 0;
  while (start > 0 && CONJUNCTIONS.has(words[start] ?? '') && isVerb(start + 1)) start += 2;
  let rest = words.slice(start);
  if (start === 0) {
    const verb = verbInIdentifier(name)?.verb;
    const at = verb === undefined ? -1 : rest.indexOf(verb);
    if (at >= 0) rest = [...rest.slice(0, at), ...rest.slice(at + 1)];
  }
  return rest.filter((w) => w.length > 1 && !/^\d+$/.test(w) && !NOUN_STOPWORDS.has(w)).map(singularize);
}

/** noun -> names of the MCP tools (tools without OpenAPI details) whose names carry it, for nouns of two or more tools. */
function sharedNouns(tools: readonly ToolModel[]): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const tool of tools) {
    if (tool.openapi !== undefined) continue;
    for (const noun of new Set(nounPhrase(tool.name))) add(map, noun, tool.name);
  }
  return finish(map, tools.length);
}

/** resource term or tag -> names of the operations under it. */
function openApiTerms(ops: readonly Operation[], shape: ApiShape): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const op of ops) {
    for (const term of resourceTerms(op, shape)) add(map, term, op.name);
    for (const tag of op.tool.openapi?.tags ?? []) add(map, termKey(splitIdentifier(tag)), op.name);
  }
  return map;
}

/** Terms with at least two members, dropping a term every tool has (it tells nothing apart). */
function finish(map: Map<string, Set<string>>, toolCount: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const term of [...map.keys()].sort()) {
    const members = [...map.get(term)!].sort();
    if (members.length < 2 || (toolCount > 2 && members.length === toolCount)) continue;
    out.set(term, members);
  }
  return out;
}

/**
 * Groups with the same members are one group, named by its terms in the order the first member has
 * them (its path, then its tags; or its name): `store` and `order` -> `store order`, `pull` and
 * `request` -> `pull request`.
 */
function mergeSameMembers(terms: Map<string, string[]>, orderOf: (member: string) => string[]): ToolGroup[] {
  const byMembers = new Map<string, string[]>();
  for (const [term, members] of terms) {
    const key = members.join('\u0000');
    byMembers.set(key, [...(byMembers.get(key) ?? []), term]);
  }
  const groups: ToolGroup[] = [];
  for (const [key, names] of byMembers) {
    const members = key.split('\u0000');
    const order = orderOf(members[0]!);
    const rank = (t: string): number => (order.includes(t) ? order.indexOf(t) : order.length);
    const name = [...names].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)).join(' ');
    groups.push({ id: name.replace(/ /g, '-'), name, members });
  }
  return groups.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function detectGroups(tools: readonly ToolModel[], ops: readonly Operation[], shape: ApiShape): ToolGroup[] {
  const merged = new Map<string, Set<string>>();
  for (const [term, members] of openApiTerms(ops, shape)) for (const m of members) add(merged, term, m);
  for (const [term, members] of sharedNouns(tools)) for (const m of members) add(merged, term, m);
  const opByName = new Map(ops.map((o) => [o.name, o]));
  const orderOf = (member: string): string[] => {
    const o = opByName.get(member);
    return o === undefined ? nounPhrase(member) : [...resourceTerms(o, shape), ...(o.tool.openapi?.tags ?? []).map((t) => termKey(splitIdentifier(t)))];
  };
  return mergeSameMembers(finish(merged, tools.length), orderOf);
}
