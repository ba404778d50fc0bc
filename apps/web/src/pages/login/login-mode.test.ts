import { describe, expect, it } from 'vitest';
import { initialLoginMode, isGuestUpgrade } from './login-mode';
import { secondsLeft } from './use-countdown';

describe('initialLoginMode', () => {
  it('opens sign-up for a guest who came through Register (?userId=)', () => {
    expect(initialLoginMode('7', { user_type: 'GUEST' })).toBe('signup');
    expect(isGuestUpgrade('7', { user_type: 'GUEST' })).toBe(true);
  });

  it('opens password login otherwise', () => {
    expect(initialLoginMode(null, { user_type: 'GUEST' })).toBe('password');
    expect(initialLoginMode('', { user_type: 'GUEST' })).toBe('password');
    expect(initialLoginMode('7', { user_type: 'REGISTERED' })).toBe('password');
    expect(initialLoginMode('7', null)).toBe('password');
  });
});

describe('secondsLeft', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 100)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});
