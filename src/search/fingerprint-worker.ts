// A worker thread that takes the fingerprint of the files it is given (fingerprint.ts) and posts it.
import { parentPort, workerData } from 'node:worker_threads';
import type { ScannedFile } from '../graph/scan.js';
import { fingerprint } from './fingerprint.js';

parentPort?.postMessage(fingerprint(workerData as ScannedFile[]));
