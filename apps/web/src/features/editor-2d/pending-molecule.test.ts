import { describe, expect, it } from 'vitest';
import { onMoleculeRequest, requestMolecule, takePendingMolecule } from './pending-molecule';

describe('a molecule waiting for the 2D WorkSpace', () => {
  it('is kept until taken, once, and the latest request wins', () => {
    let calls = 0;
    const stop = onMoleculeRequest(() => calls++);
    requestMolecule('CCO');
    requestMolecule('c1ccccc1O');
    stop();
    requestMolecule('CCN');
    expect(calls).toBe(2);
    expect(takePendingMolecule()).toBe('CCN');
    expect(takePendingMolecule()).toBeNull();
  });
});
