// Property tests are deterministic by default: every fc.assert draws from one fixed seed, so a run
// of the suite (CI's included) passes or fails the same way each time. `npm run test:fuzz` draws a
// fresh seed per property instead, to look for new counterexamples: fast-check prints the seed and
// the shrunk value of a failure; set MDKG_FC_SEED to that seed to replay it.
import fc from 'fast-check';

const seed = process.env.MDKG_FC_SEED ?? '20261127';
if (seed !== 'random') {
  const value = Number(seed);
  if (!Number.isSafeInteger(value)) throw new Error(`MDKG_FC_SEED must be an integer or "random", got ${JSON.stringify(seed)}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: value });
}
