import { describe, expect, it } from 'vitest';
import { hashPassword, newToken, randomId, sha256, sixDigitCode, verifyPassword } from './secrets';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('secret123');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(hash).not.toContain('secret123');
    expect(await verifyPassword('secret123', hash)).toBe(true);
    expect(await verifyPassword('Secret123', hash)).toBe(false);
    expect(await verifyPassword('secret123', null)).toBe(false);
    expect(await verifyPassword('secret123', 'garbage')).toBe(false);
  });

  it('salts: the same password hashes differently', async () => {
    expect(await hashPassword('same-pass')).not.toBe(await hashPassword('same-pass'));
  });
});

describe('tokens and codes', () => {
  it('makes long random tokens whose hash is what gets stored', () => {
    const a = newToken();
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(a).not.toBe(newToken());
    expect(sha256(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes 6-digit codes and url-safe ids', () => {
    for (let i = 0; i < 50; i++) expect(sixDigitCode()).toMatch(/^\d{6}$/);
    expect(randomId(16)).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});
