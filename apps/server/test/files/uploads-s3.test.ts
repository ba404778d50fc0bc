import type { AuthResult } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { expectOk } from '../support/helpers';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { importFile } from '../support/uploads';

/**
 * Imports with STORAGE_URL on an S3-compatible store (a local S3 server): tus writes the
 * upload as S3 multipart parts, and the stored file must be the bytes sent. With the AWS
 * SDK's default checksums the parts went as aws-chunked streams with a checksum trailer,
 * which such stores kept with the chunk framing inside (every 64 KiB): a 1.3 MB PDB came
 * back broken at line 811.
 */
let s3: TestS3Server;
let t: TestApp;
let owner: AuthResult;
let projectId: number;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ storageUrl: s3.url });
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'S3');
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

describe('tus uploads on S3 storage', () => {
  it('stores a file of several stream chunks byte for byte', async () => {
    const pdb = benchFile('7cnq', 'receptor.pdb');
    expect(pdb.length).toBeGreaterThan(1024 * 1024);
    const file = expectOk(await importFile(t, owner.token, projectId, '7cnq.pdb', pdb), 'uploadSuccessful').files[0]!;
    expect(file.size).toBe(pdb.length);
    const res = await t.app.http.inject({ method: 'GET', url: file.url, headers: { token: owner.token } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdb)).toBe(true);
  });
});
