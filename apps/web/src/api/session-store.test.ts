import { beforeEach, describe, expect, it } from 'vitest';
import { testUser as user } from '../test/fixtures';
import { expiryClear, getStoredUser, getToken, STORAGE_KEYS, saveSession, signOutClear } from './session-store';

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
