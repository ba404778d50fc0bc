import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runObabel } from './openbabel';

const dir = mkdtempSync(join(tmpdir(), 'medx-obabel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runObabel', () => {
  it('runs Open Babel with one OpenMP thread (concurrent --gen3d runs otherwise busy-wait)', async () => {
    // A stand-in for obabel that prints the thread count it was given and reports a conversion.
    const fake = join(dir, 'fake-obabel');
    writeFileSync(fake, '#!/bin/sh\necho "threads=$OMP_NUM_THREADS"\necho "1 molecule converted" >&2\n');
    chmodSync(fake, 0o755);
    const result = await runObabel(['-:C', '-osdf'], { command: fake });
    expect(result.stdout.trim()).toBe('threads=1');
    expect(result.converted).toBe(1);
  });
});
