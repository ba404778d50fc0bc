import { QUOTA_POLICY } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { formatBytes, quotaLimitsOf } from './quotas.service';

const MB = 1024 * 1024;

describe('formatBytes', () => {
  it('writes binary units with at most one decimal', () => {
    expect(
      [0, 1, 1023, 1024, 1536, 300_000, 200 * MB, MB + 49_000, 5120 * MB, 10 * 1024 * 1024 * MB].map(formatBytes),
    ).toEqual(['0 B', '1 B', '1023 B', '1 KB', '1.5 KB', '293 KB', '200 MB', '1 MB', '5 GB', '10 TB']);
  });
});

describe('quota settings', () => {
  it('default to QUOTA_POLICY', () => {
    expect(quotaLimitsOf(loadConfig({}))).toEqual({
      storageBytes: { registered: QUOTA_POLICY.storageMb * MB, guest: QUOTA_POLICY.guestStorageMb * MB },
      projects: { registered: QUOTA_POLICY.projects, guest: QUOTA_POLICY.guestProjects },
      activeJobs: { registered: QUOTA_POLICY.activeJobs, guest: QUOTA_POLICY.guestActiveJobs },
    });
  });

  it('come from the environment, and a bad value names its variable', () => {
    const config = loadConfig({
      STORAGE_QUOTA_MB: '10240',
      GUEST_STORAGE_QUOTA_MB: '0.5',
      PROJECTS_MAX: '50',
      GUEST_PROJECTS_MAX: '2',
      ACTIVE_JOBS_MAX: '8',
      GUEST_ACTIVE_JOBS_MAX: '2',
    });
    expect(quotaLimitsOf(config)).toEqual({
      storageBytes: { registered: 10240 * MB, guest: MB / 2 },
      projects: { registered: 50, guest: 2 },
      activeJobs: { registered: 8, guest: 2 },
    });
    expect(() => loadConfig({ STORAGE_QUOTA_MB: '0' })).toThrow(/STORAGE_QUOTA_MB/);
    expect(() => loadConfig({ GUEST_PROJECTS_MAX: '2.5' })).toThrow(/GUEST_PROJECTS_MAX/);
    expect(() => loadConfig({ ACTIVE_JOBS_MAX: 'many' })).toThrow(/ACTIVE_JOBS_MAX/);
  });
});
