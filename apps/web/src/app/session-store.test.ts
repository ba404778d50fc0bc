import type { User } from '@medx/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { expiryClear, getStoredUser, getToken, STORAGE_KEYS, saveSession, signOutClear } from './session-store';

const user: User = {
  id: 7,
  username: 'ada',
  user_type: 'REGISTERED',
  email: 'ada@example.org',
  phone: null,
  region: null,
  identity: 'Student',
  organization: null,
  research_field: null,
  source: null,
  created_at: '2024-01-01T00:00:00Z',
};

function fill() {
  saveSession({ user, token: 'tok' });
  for (const key of ['projectId', 'window', 'layout', 'lang', 'toolGuide.favorites']) localStorage.setItem(key, 'x');
}

beforeEach(() => localStorage.clear());

describe('session storage (spec §3, §4)', () => {
  it('uses the spec keys', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'token',
      'user',
      'user_id',
      'projectId',
      'window',
      'layout',
      'lang',
      'toolGuide.favorites',
    ]);
  });

  it('saveSession stores token, user JSON and user id', () => {
    saveSession({ user, token: 'tok' });
    expect(getToken()).toBe('tok');
    expect(getStoredUser()).toEqual(user);
    expect(localStorage.getItem('user_id')).toBe('7');
  });

  it('signOutClear clears token, user, projectId, window and layout', () => {
    fill();
    signOutClear();
    const left = Object.keys({ ...localStorage }).sort();
    expect(left).toEqual(['lang', 'toolGuide.favorites', 'user_id']);
  });

  it('expiryClear clears user, user id, token and project id', () => {
    fill();
    expiryClear();
    const left = Object.keys({ ...localStorage }).sort();
    expect(left).toEqual(['lang', 'layout', 'toolGuide.favorites', 'window']);
  });

  it('reads a broken stored user as none', () => {
    localStorage.setItem('user', '{oops');
    expect(getStoredUser()).toBeNull();
  });
});
