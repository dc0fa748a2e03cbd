export { detectDependencies } from './detect.js';
export type { Dependencies } from './detect.js';
