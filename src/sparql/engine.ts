import { QueryEngine } from '@comunica/query-sparql';
import type { Bindings, Quad, ResultStream, Source, Term } from '@rdfjs/types';
import { MdkgError } from '../errors.js';
import { emptyDict } from '../util/own.js';

let shared: QueryEngine | undefined;

/** The one Comunica engine of the process, created on first use (creation takes a while). */
function sharedEngine(): QueryEngine {
  shared ??= new QueryEngine();
  return shared;
}

/**
 * Creates the engine now. Creating it loads the code of every actor (about half a second): a query
 * worker does it before it takes work, so no query's time limit is spent on it and the pool never
 * ends a thread halfway through loading a module (worker-pool.ts).
 */
export function loadEngine(): void {
  sharedEngine();
}

export interface ExecuteOptions {
  timeoutMs: number;
  /** Most rows or quads read; one more is read to know whether the result was truncated. */
  limit: number;
  /** Every HTTP request of the engine goes through this fetch. */
  fetch: typeof fetch;
}

export type ExecuteResult =
  | { kind: 'bindings'; variables: string[]; rows: Array<Record<string, Term>>; truncated: boolean }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'quads'; quads: Quad[]; truncated: boolean };

type Destroyable = { destroy?: (cause?: Error) => void };

function destroy(stream: unknown): void {
  try {
    (stream as Destroyable).destroy?.();
  } catch {
    // Already finished or destroyed.
  }
}

/** Stops work once the time is up: streams opened later are destroyed at once. */
class Deadline {
  expired = false;
  readonly #streams: unknown[] = [];

  constructor(readonly timeoutMs: number) {}

  error(): MdkgError {
    return new MdkgError('MDKG_SPARQL_TIMEOUT', `The query did not finish within ${this.timeoutMs} ms`, { timeoutMs: this.timeoutMs });
  }

  track<T>(stream: T): T {
    if (this.expired) {
      destroy(stream);
      throw this.error();
    }
    this.#streams.push(stream);
    return stream;
  }

  expire(): void {
    this.expired = true;
    for (const stream of this.#streams) destroy(stream);
  }

  race<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.expire();
        reject(this.error());
      }, this.timeoutMs);
      work.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }
}

/**
 * Whether a stream has already ended: its `end` event is then past and will not come again. An
 * AsyncIterator (Comunica's streams) says `done`; a Node stream `readableEnded`.
 */
export function alreadyEnded(stream: unknown): boolean {
  const s = stream as { done?: unknown; readableEnded?: unknown };
  return s.done === true || s.readableEnded === true;
}

/**
 * Reads at most `limit` items, then destroys the stream; `truncated` says whether more came. A
 * stream with no items may end before anyone listens (an ORDER BY over no solutions ends while the
 * engine is still returning it): that one is answered at once, not waited on for ever.
 */
export function collect<T>(stream: ResultStream<T>, limit: number): Promise<{ items: T[]; truncated: boolean }> {
  if (alreadyEnded(stream)) return Promise.resolve({ items: [], truncated: false });
  return new Promise((resolve, reject) => {
    const items: T[] = [];
    let settled = false;
    stream.on('data', (item: T) => {
      if (settled) return;
      if (items.length < limit) {
        items.push(item);
        return;
      }
      settled = true;
      destroy(stream);
      resolve({ items, truncated: true });
    });
    stream.on('end', () => {
      if (settled) return;
      settled = true;
      resolve({ items, truncated: false });
    });
    stream.on('error', (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
  });
}

function toRow(bindings: Bindings): Record<string, Term> {
  const row = emptyDict<Term>();
  for (const [variable, term] of bindings) row[variable.value] = term;
  return row;
}

async function run(store: Source, text: string, options: ExecuteOptions, deadline: Deadline): Promise<ExecuteResult> {
  const result = await sharedEngine().query(text, { sources: [store], unionDefaultGraph: true, fetch: options.fetch });
  if (deadline.expired) throw deadline.error();
  switch (result.resultType) {
    case 'bindings': {
      const stream = deadline.track(await result.execute());
      const { items, truncated } = await collect(stream, options.limit);
      const variables = (await result.metadata()).variables.map((v) => v.value);
      return { kind: 'bindings', variables, rows: items.map(toRow), truncated };
    }
    case 'quads': {
      const stream = deadline.track(await result.execute());
      const { items, truncated } = await collect(stream, options.limit);
      return { kind: 'quads', quads: items, truncated };
    }
    case 'boolean':
      return { kind: 'boolean', value: await result.execute() };
    default:
      throw new MdkgError('MDKG_SPARQL_READ_ONLY', 'The graph is read-only: SPARQL updates are refused');
  }
}

/**
 * Runs a checked query text against the store with `unionDefaultGraph` (patterns outside GRAPH
 * see every document's named graph). Engine errors propagate as they are; the caller maps them.
 */
export async function executeQuery(store: Source, text: string, options: ExecuteOptions): Promise<ExecuteResult> {
  sharedEngine();
  const deadline = new Deadline(options.timeoutMs);
  return deadline.race(run(store, text, options, deadline));
}
