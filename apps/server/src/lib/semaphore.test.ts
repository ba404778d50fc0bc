import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  it('lets `size` holders in, queues the rest in order, refuses past the queue bound', async () => {
    const s = new Semaphore(2, 1);
    const a = await s.acquire();
    const b = await s.acquire();
    expect(s.active).toBe(2);
    const order: string[] = [];
    const c = s.acquire().then((release) => {
      order.push('c');
      return release;
    });
    expect(s.queued).toBe(1);
    expect(await s.acquire()).toBeNull();
    a?.();
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect(s.active).toBe(2);
    b?.();
    releaseC?.();
    releaseC?.();
    expect(s.active).toBe(0);
  });
});
