// The allocations module's public face (see records/index.ts).
export { allocationsPlugin } from './allocations.plugin';
export { DERIVING_PROVIDERS, deriveAllocations } from './derive';
