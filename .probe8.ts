import { generateCode } from './src/generate/generate-code.js';
import { rm } from 'node:fs/promises';
await generateCode({ root: process.cwd(), start: 'src/cli', outDir: '/tmp/codewt/warm' });
for (const f of ['src', 'node_modules/zod/src']) {
  await rm('/tmp/codewt/o2', { recursive: true, force: true });
  const t = performance.now();
  const r = await generateCode({ root: process.cwd(), start: f, outDir: '/tmp/codewt/o2' });
  console.log(f, r.files, Math.round(performance.now() - t), 'ms', Math.round(r.files / ((performance.now() - t) / 1000)), 'files/s');
}
