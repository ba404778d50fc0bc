import { LIMITS } from '@medx/contract';

/** Letters and digits without the look-alikes 0/O and 1/I/L, so a code read aloud survives. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh 4-character access code offered when sharing is first turned on. */
export function randomShareCode(random: (n: number) => Uint32Array = defaultRandom): string {
  const values = random(LIMITS.shareCodeLength);
  return Array.from(values, (v) => ALPHABET[v % ALPHABET.length]).join('');
}

function defaultRandom(n: number): Uint32Array {
  return crypto.getRandomValues(new Uint32Array(n));
}
