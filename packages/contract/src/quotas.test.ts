import { describe, expect, it } from 'vitest';
import { DOCKING_LIMITS } from './docking';
import { QUOTA_POLICY } from './limits';
import { translate } from './messages';
import { SetStorageQuotaRequest } from './quotas';

describe('QUOTA_POLICY', () => {
  it('lets one split make as many files as one docking job takes ligands', () => {
    expect(QUOTA_POLICY.splitFilesMax).toBe(DOCKING_LIMITS.ligandsMax);
  });

  it('gives guests less than registered users', () => {
    expect(QUOTA_POLICY.guestStorageMb).toBeLessThan(QUOTA_POLICY.storageMb);
    expect(QUOTA_POLICY.guestProjects).toBeLessThan(QUOTA_POLICY.projects);
    expect(QUOTA_POLICY.guestActiveJobs).toBeLessThan(QUOTA_POLICY.activeJobs);
  });
});

describe('SetStorageQuotaRequest', () => {
  it('takes whole megabytes up to the override ceiling, or null for the default', () => {
    expect(SetStorageQuotaRequest.parse({ user_id: 3, storage_mb: 10240 })).toEqual({ user_id: 3, storage_mb: 10240 });
    expect(SetStorageQuotaRequest.parse({ user_id: 3, storage_mb: null }).storage_mb).toBeNull();
    for (const storage_mb of [0, -1, 1.5, QUOTA_POLICY.storageOverrideMaxMb + 1, '5']) {
      expect(SetStorageQuotaRequest.safeParse({ user_id: 3, storage_mb }).success, String(storage_mb)).toBe(false);
    }
  });
});

describe('quota messages', () => {
  it('name the numbers', () => {
    expect(translate('storageQuotaExceeded', 'en', { used: '199 MB', limit: '200 MB', needed: '5 MB' })).toBe(
      'Not enough storage: 199 MB of your 200 MB are used and this needs 5 MB more. Delete files you no longer need, or ask for a larger quota.',
    );
    expect(translate('splitTooMany', 'zh-CN', { count: 20000, limit: 1000 })).toContain('20000');
  });
});
