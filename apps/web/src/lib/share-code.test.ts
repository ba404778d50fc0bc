import { LIMITS, shareCodeField } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { randomShareCode } from './share-code';

describe('randomShareCode', () => {
  it('always passes the contract rule for access codes', () => {
    for (let i = 0; i < 200; i++) {
      const code = randomShareCode();
      expect(code).toHaveLength(LIMITS.shareCodeLength);
      expect(shareCodeField.safeParse(code).success).toBe(true);
    }
  });

  it('draws from the random source', () => {
    expect(randomShareCode((n) => new Uint32Array(n))).toBe('AAAA');
  });
});
