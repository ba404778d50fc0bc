import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempFolder, OWNER_TAG, ownerIsGone, removeStaleTempFolders } from './temp-folders';

const [, HOST, , START] = /^h([0-9a-f]{6})p(\d+)s(\d+)$/.exec(OWNER_TAG)!;
const tag = (pid: number, start: string, host = HOST) => `h${host}p${pid}s${start}`;
const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'medx-sweep-test-'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const folder = (name: string) => {
  mkdirSync(join(base, name));
  return name;
};

describe('working folders named after their owner', () => {
  it('makes a private folder of this process, which is never stale while it runs', async () => {
    const dir = await makeTempFolder('job', '42', base);
    expect(dirname(dir)).toBe(base);
    expect(basename(dir)).toMatch(new RegExp(`^medx-job-42-${OWNER_TAG}-[A-Za-z0-9]{6}$`));
    expect(ownerIsGone(basename(dir))).toBe(false);
    expect(await removeStaleTempFolders(base)).toEqual([]);
    expect(readdirSync(base)).toEqual([basename(dir)]);
  });

  it('removes the folders of a process that is gone, or whose pid another process now has', async () => {
    const exited = spawnSync('/bin/true').pid!;
    const sleeper = spawn('/bin/sleep', ['30']);
    try {
      const running = sleeper.pid!;
      const dead = folder(`medx-job-7-${tag(exited, '12345')}-abcDEF`);
      const reused = folder(`medx-job-8-${tag(running, '1')}-abcDEF`);
      const chem = folder(`medx-chem-${tag(exited, '12345')}-xyz123`);
      const ourPidEarlier = folder(`medx-job-9-${tag(process.pid, `${START}0`)}-abcDEF`);
      const live = folder(`medx-job-10-${tag(running, startOf(running))}-abcDEF`);
      const mine = folder(`medx-job-11-${OWNER_TAG}-abcDEF`);
      const otherHost = folder(`medx-job-12-${tag(exited, '12345', HOST === 'ffffff' ? 'eeeeee' : 'ffffff')}-abcDEF`);
      const unrelated = folder('medx-test-abcDEF');
      const removed = await removeStaleTempFolders(base);
      expect(removed.sort()).toEqual([dead, reused, chem, ourPidEarlier].sort());
      expect(readdirSync(base).sort()).toEqual([live, mine, otherHost, unrelated].sort());
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('removes folders of the earlier unowned naming once untouched for a day', async () => {
    const old = folder('medx-job-3-Ab12Cd');
    const oldChem = folder('medx-chem-Zz99Yy');
    const fresh = folder('medx-job-4-Ab12Cd');
    const dayAndMore = Date.now() / 1000 - 25 * 3600;
    utimesSync(join(base, old), dayAndMore, dayAndMore);
    utimesSync(join(base, oldChem), dayAndMore, dayAndMore);
    expect((await removeStaleTempFolders(base)).sort()).toEqual([oldChem, old].sort());
    expect(readdirSync(base)).toEqual([fresh]);
  });
});
