// One version: the constant that names mdkg to MCP peers and keys its persisted indexes is the package's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_VERSION } from '../src/version.js';

describe('the version', () => {
  it('is the version of package.json', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };
    expect(PACKAGE_VERSION).toBe(pkg.version);
  });
});
