// The copy of a graph a query worker holds: which copy a query needs (the same while the store and
// its profile are unchanged), the store it is made from, and waiting for the copy until a deadline.
import type { Quad, Source } from '@rdfjs/types';
import { QuadStore } from '../rdf/quad-store.js';
import type { QueryTarget } from './types.js';
import { realClock } from './wait-queue.js';

const copies = new WeakMap<object, { id: number; version: number; profile: unknown }>();
let nextCopy = 1;

/** The target's store as a QuadStore (what a worker copy is made from): itself, or its quads read into one. */
export async function storeOf(source: Source): Promise<QuadStore> {
  if (source instanceof QuadStore) return source;
  const store = new QuadStore();
  const stream = source.match(null, null, null, null);
  await new Promise<void>((resolve, reject) => {
    stream.on('data', (quad: Quad) => store.addQuad(quad));
    stream.on('end', () => resolve());
    stream.on('error', (error: unknown) => reject(error));
  });
  return store;
}

/** Which copy of the graph a query needs: the same id while the store and profile are unchanged. */
export function copyId(target: QueryTarget): number {
  const version = target.store instanceof QuadStore ? target.store.version : -1;
  const known = copies.get(target.store);
  if (known !== undefined && version >= 0 && known.version === version && known.profile === target.profile) return known.id;
  const id = nextCopy++;
  copies.set(target.store, { id, version, profile: target.profile });
  return id;
}

/** True when `work` settles before `deadline` (its error thrown then), false when the deadline comes first. */
export function beforeDeadline(work: Promise<void>, deadline: number): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const cancel = realClock.after(deadline - realClock.now(), () => resolve(false));
    work.then(
      () => {
        cancel();
        resolve(true);
      },
      (error: unknown) => {
        cancel();
        reject(error);
      },
    );
  });
}
