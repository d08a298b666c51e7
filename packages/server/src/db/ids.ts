import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

// Random bytes drawn 4 kB at a time: one randomBytes call per id cost more than the rest of the id (bulk seeds make millions).
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = POOL_SIZE;
function random16(): Buffer {
  if (poolOffset + 16 > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + 16));
  poolOffset += 16;
  return bytes;
}

/** RFC 9562 UUID version 7: 48-bit millisecond time, then random bits; monotonic within a process. */
export function uuidv7(): string {
  let now = Date.now();
  const bytes = random16();
  if (now <= lastMs) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    sequence = bytes.readUInt16BE(6) & 0x7ff;
  }
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((sequence >> 8) & 0x0f);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
