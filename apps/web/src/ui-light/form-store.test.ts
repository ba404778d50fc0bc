import { describe, expect, it } from 'vitest';
import { FormStore } from './form-store';

const required = (value: unknown) => {
  if (typeof value !== 'string' || value === '') throw new Error('Required');
};

/** Resolves when every check started so far has settled. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FormStore', () => {
  it('checks a field when it changes and every field on submit', async () => {
    const store = new FormStore({ email: '' });
    store.register('email', { checks: [required], dependencies: [] });
    store.register('password', { checks: [required], dependencies: [] });
    expect(await store.validate()).toBe(false);
    expect([store.error('email'), store.error('password')]).toEqual(['Required', 'Required']);
    store.setValue('email', 'ada@example.org');
    await settle();
    expect(store.error('email')).toBeUndefined();
    expect(store.error('password')).toBe('Required');
    expect(await store.validate(['email'])).toBe(true);
  });

  it('checks a dependent field again once it was touched', async () => {
    const store = new FormStore({});
    const sameAsPassword = (value: unknown) => {
      if (value !== store.getValue('password')) throw new Error('Mismatch');
    };
    store.register('password', { checks: [], dependencies: [] });
    store.register('confirm', { checks: [sameAsPassword], dependencies: ['password'] });
    // Untouched: a password change leaves the confirmation alone.
    store.setValue('password', 'secret1');
    await settle();
    expect(store.error('confirm')).toBeUndefined();
    store.setValue('confirm', 'secret1');
    await settle();
    expect(store.error('confirm')).toBeUndefined();
    store.setValue('password', 'secret2');
    await settle();
    expect(store.error('confirm')).toBe('Mismatch');
  });

  it('keeps only the latest check of a field when an older one ends later', async () => {
    const store = new FormStore({});
    const slowWhenOld = async (value: unknown) => {
      if (value === 'old') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('Old value');
      }
    };
    store.register('name', { checks: [slowWhenOld], dependencies: [] });
    store.setValue('name', 'old');
    store.setValue('name', 'new');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(store.error('name')).toBeUndefined();
  });

  it('drops the error of a field that leaves the screen and keeps its value; unseen fields are not checked', async () => {
    const store = new FormStore({ email: 'typed@example.org' });
    const unregister = store.register('email', { checks: [() => Promise.reject(new Error('Bad'))], dependencies: [] });
    expect(await store.validate()).toBe(false);
    unregister();
    expect(store.error('email')).toBeUndefined();
    expect(store.getValue('email')).toBe('typed@example.org');
    expect(await store.validate()).toBe(true);
  });

  it('tells its listeners and the change listener about changes', () => {
    const store = new FormStore({});
    const seen: unknown[] = [];
    let notified = 0;
    store.subscribe(() => {
      notified += 1;
    });
    store.setChangeListener((values) => seen.push(values));
    const before = store.getVersion();
    store.setValue('email', 'a@b.c');
    expect(store.getVersion()).toBeGreaterThan(before);
    expect(notified).toBeGreaterThan(0);
    expect(seen).toEqual([{ email: 'a@b.c' }]);
  });
});
