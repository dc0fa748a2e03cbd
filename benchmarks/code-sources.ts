/**
 * The third-party sources of the five-language code-search sets (benchmarks/datasets/code-*, each
 * dataset.json's `source`): where each is read in place, whether it is there, and how to install it.
 * Sources are never copied into this repository; `npm run bench:code-search` skips a set whose source
 * folder is missing, with a message.
 *
 *   npx tsx benchmarks/code-sources.ts            # list: present or missing, with the install command
 *   npx tsx benchmarks/code-sources.ts --install  # apt-get install the missing Debian packages (as root)
 *                                                 # and unzip the OpenJDK module the Java set reads
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { JDK_SOURCES, readCodeDatasets } from './code-sets.js';

const JDK_ZIP = '/usr/lib/jvm/openjdk-17/lib/src.zip';
const JDK_MODULE = 'java.net.http';

interface Source {
  set: string;
  path: string;
  package: string;
  manager: string;
  install: string;
}

const sources = new Map<string, Source>();
for (const d of readCodeDatasets(['train', 'dev', 'test'])) {
  if (d.source === undefined) continue;
  const set = d.name.replace(/-(train|dev|test)$/, '');
  sources.set(set, { set, path: resolve(d.dir, d.catalog.path), ...d.source });
}

const install = process.argv.includes('--install');
const apt = [...sources.values()].filter((s) => s.manager === 'apt' && !existsSync(s.path)).map((s) => s.package);
// The JDK module is unzipped from the package's src.zip.
if (apt.includes('openjdk-17-source')) apt.push('unzip');
if (install && apt.length > 0) {
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...new Set(apt)], { stdio: 'inherit' });
}
if (install && !existsSync(resolve(JDK_SOURCES, JDK_MODULE)) && existsSync(JDK_ZIP)) {
  mkdirSync(JDK_SOURCES, { recursive: true });
  execFileSync('unzip', ['-q', '-o', JDK_ZIP, `${JDK_MODULE}/*`, '-d', JDK_SOURCES], { stdio: 'inherit' });
}
let missing = 0;
for (const s of sources.values()) {
  const here = existsSync(s.path);
  if (!here) missing += 1;
  console.log(`${here ? 'present' : 'MISSING'}  ${s.set}: ${s.path}${here ? '' : `\n         install: ${s.install}`}`);
}
if (missing > 0 && !install)
  console.log(`\n${missing} missing; run with --install (as root) to install them (${dirname(JDK_SOURCES)} holds unzipped JDK sources).`);
