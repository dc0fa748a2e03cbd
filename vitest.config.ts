import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // The cache-signing secret of the tests lives in the temp folder, not in the user's home.
    env: { MDKG_STATE_DIR: join(tmpdir(), 'mdkg-test-state') },
  },
});
