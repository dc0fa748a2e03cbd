// field-match: a tool whose response produces a reference (`orderId`, or `id` inside `Order`) comes
// before a tool that consumes it. A required consumer field (path parameter, required query or body
// field) makes the consumer `require` the producer; an optional one makes the producer `precede` it.
//
// Score = naming + role + penalties, clamped to [0, 1]:
//   naming   same spelling on both sides 0.75; same key after normalization (case, snake/camel/kebab,
//            plural, `ID`/`_id`/`Ids`, `number`/`no`) 0.7; a bare name (`id`) owned by its component
//            schema 0.7, owned by a parent property or the operation's resource (a guess) 0.6
//   role     +0.05 when the producer's field is its owner's own identifier (`id` in `Pet`, `productId`
//            in a product listing); -0.15 when it is a reference to something else (`petId` in `Order`)
//            and another tool produces the key as its own identifier (prefer the authoritative source)
//   penalty  -0.3 when the types disagree (string vs integer); -0.1 for a nested consumer field
// A tool never produces what it consumes itself (it only echoes it): a GET that takes a key and
// returns its item is an inspection step, `nextStep` (0.4) to the other tools consuming that key.
// A key with more than MAX_PRODUCERS producers is a shared attribute, not a hand-off: it is skipped.
import type { DependencyEdge, ToolModel } from '../types.js';
import { edge } from './edges.js';
import { consumedFields, mcpFields, producedFields, type FieldUse } from './fields.js';
import type { ApiShape, Operation } from './paths.js';

export const MAX_PRODUCERS = 8;
const ECHO_SCORE = 0.4;

const NAMING = { exact: 0.75, normalized: 0.7, schema: 0.7, context: 0.6 };

function typeClass(type: string | undefined): string | undefined {
  return type === 'integer' ? 'number' : type;
}

function scoreOf(c: FieldUse, p: FieldUse, ownExists: boolean): number {
  const guessed = c.quality === 'context' || p.quality === 'context';
  const bare = c.quality === 'schema' || p.quality === 'schema';
  let score = guessed ? NAMING.context : bare ? NAMING.schema : c.raw === p.raw ? NAMING.exact : NAMING.normalized;
  if (p.own) score += 0.05;
  else if (ownExists) score -= 0.15;
  const ct = typeClass(c.type);
  const pt = typeClass(p.type);
  if (ct !== undefined && pt !== undefined && ct !== pt) score -= 0.3;
  if (c.depth > 1) score -= 0.1;
  return score;
}

const typed = (f: FieldUse): string => (f.type === undefined ? f.where : `${f.where} (${f.type})`);

export function fieldMatchEdges(tools: readonly ToolModel[], ops: readonly Operation[], shape: ApiShape): DependencyEdge[] {
  const consumers: FieldUse[] = [];
  const producers: FieldUse[] = [];
  const opByName = new Map(ops.map((op) => [op.name, op]));
  for (const tool of tools) {
    const op = opByName.get(tool.name);
    if (op !== undefined) {
      consumers.push(...consumedFields(op));
      producers.push(...producedFields(op, shape));
    } else if (tool.openapi === undefined) {
      const fields = mcpFields(tool);
      consumers.push(...fields.consumes);
      producers.push(...fields.produces);
    }
  }
  // tool -> keys it consumes (a tool never produces what it consumes itself).
  const consumedBy = new Map<string, Set<string>>();
  for (const c of consumers) {
    const keys = consumedBy.get(c.tool);
    if (keys === undefined) consumedBy.set(c.tool, new Set([c.key]));
    else keys.add(c.key);
  }
  const byKey = new Map<string, Map<string, FieldUse>>();
  const readers = new Map<string, Set<string>>();
  for (const p of producers) {
    if (consumedBy.get(p.tool)?.has(p.key) === true) {
      if (opByName.get(p.tool)?.method === 'GET') readers.set(p.key, (readers.get(p.key) ?? new Set()).add(p.tool));
      continue;
    }
    let forKey = byKey.get(p.key);
    if (forKey === undefined) byKey.set(p.key, (forKey = new Map<string, FieldUse>()));
    const current = forKey.get(p.tool);
    // One producing field per tool and key: its own identifier over a reference, then the shallower.
    if (current === undefined || (p.own && !current.own) || (p.own === current.own && p.depth < current.depth)) {
      forKey.set(p.tool, p);
    }
  }
  // Whether some producer of a key produces it as its own identifier, per key.
  const ownExists = new Map<string, boolean>();
  for (const [key, forKey] of byKey)
    ownExists.set(
      key,
      [...forKey.values()].some((p) => p.own),
    );
  const edges: DependencyEdge[] = [];
  for (const c of consumers) {
    const keyReaders = readers.get(c.key);
    if (keyReaders !== undefined && keyReaders.size <= MAX_PRODUCERS) {
      for (const reader of keyReaders) {
        if (reader === c.tool) continue;
        const evidence = `${reader} reads the ${c.key.replace(/ [^ ]+$/, '')} that ${c.tool} takes as ${c.where}`;
        edges.push(edge(reader, c.tool, 'nextStep', 'inferred', ECHO_SCORE, 'field-match', evidence));
      }
    }
    const forKey = byKey.get(c.key);
    if (forKey === undefined || forKey.size > MAX_PRODUCERS) continue;
    const consumed = typed(c);
    for (const p of forKey.values()) {
      if (p.tool === c.tool) continue;
      const evidence = `${p.tool} produces ${typed(p)} that ${c.tool} consumes as ${consumed} (${c.key})`;
      const score = scoreOf(c, p, ownExists.get(c.key) === true);
      edges.push(
        c.required
          ? edge(c.tool, p.tool, 'requires', 'inferred', score, 'field-match', evidence)
          : edge(p.tool, c.tool, 'precedes', 'inferred', score, 'field-match', evidence),
      );
    }
  }
  return edges;
}
