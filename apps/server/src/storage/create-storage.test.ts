import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStorage, InvalidStorageUrlError, parseStorageUrl } from './create-storage';
import type { LocalStorage } from './local.storage';

describe('parseStorageUrl', () => {
  it('reads bucket, endpoint, region, path style, prefix and credentials', () => {
    expect(
      parseStorageUrl(
        's3://AKIA123:s3cr%2Ft%2Bkey@medx-files?endpoint=http://127.0.0.1:9000/&region=eu-west-1&forcePathStyle=true&prefix=prod/medx',
      ),
    ).toEqual({
      bucket: 'medx-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      prefix: 'prod/medx/',
      credentials: { accessKeyId: 'AKIA123', secretAccessKey: 's3cr/t+key' },
    });
  });

  it('leaves credentials, region and endpoint to the SDK when absent', () => {
    expect(parseStorageUrl('s3://medx-files')).toEqual({ bucket: 'medx-files', forcePathStyle: false });
    expect(parseStorageUrl('s3://medx.files.example/?forcePathStyle=false&prefix=')).toEqual({
      bucket: 'medx.files.example',
      forcePathStyle: false,
    });
  });

  it('accepts an encoded endpoint and 1/0 for forcePathStyle', () => {
    expect(parseStorageUrl('s3://bkt?endpoint=https%3A%2F%2Fs3.example.com&forcePathStyle=1')).toMatchObject({
      endpoint: 'https://s3.example.com',
      forcePathStyle: true,
    });
  });

  it.each([
    ['not a URL', 'medx-files', /not a valid URL/],
    ['another scheme', 'https://medx-files', /unsupported scheme "https"/],
    ['no bucket', 's3://?endpoint=http://x', /bucket name is missing/],
    ['upper-case bucket', 's3://MedX', /"MedX" is not a valid bucket name/],
    ['short bucket', 's3://ab', /not a valid bucket name/],
    ['bucket with underscore', 's3://my_bucket', /not a valid bucket name/],
    ['port on the bucket', 's3://bucket:9000', /port belongs in \?endpoint=/],
    ['path', 's3://bucket/some/prefix', /prefix belongs in \?prefix=/],
    ['fragment', 's3://bucket#x', /fragment/],
    ['unknown parameter', 's3://bucket?forcepathstyle=true', /unknown parameter "forcepathstyle"/],
    ['repeated parameter', 's3://bucket?region=a&region=b', /given twice/],
    ['bad boolean', 's3://bucket?forcePathStyle=yes', /forcePathStyle must be true or false/],
    ['bad endpoint', 's3://bucket?endpoint=localhost:9000', /endpoint must be an http/],
    ['unparseable endpoint', 's3://bucket?endpoint=http://', /endpoint is not a valid URL/],
    ['bad region', 's3://bucket?region=EU%20West', /not a valid region/],
    ['bad prefix', 's3://bucket?prefix=../up', /prefix "..\/up" is not valid/],
    ['key without secret', 's3://key@bucket', /both access key and secret/],
    ['secret without key', 's3://:secret@bucket', /both access key and secret/],
    ['malformed escape', 's3://key:se%ZZ@bucket', /malformed %-escape|not a valid URL/],
  ])('rejects %s', (_, url, message) => {
    expect(() => parseStorageUrl(url)).toThrow(InvalidStorageUrlError);
    expect(() => parseStorageUrl(url)).toThrow(message);
  });

  it('never repeats the secret in its messages', () => {
    for (const url of [
      's3://key:TOPSECRET@MedX',
      's3://key:TOPSECRET@bucket?endpoint=ftp://x',
      's3://k:TOPSECRET@b?x=1',
    ]) {
      expect(() => parseStorageUrl(url)).toThrow(/^STORAGE_URL: (?!.*TOPSECRET)/s);
    }
  });
});

describe('createStorage', () => {
  it('defaults to local files under DATA_DIR/storage', () => {
    const storage = createStorage({ dataDir: '/srv/medx-data' });
    expect(storage.kind).toBe('local');
    expect((storage as LocalStorage).root).toBe(join('/srv/medx-data', 'storage'));
    expect(createStorage({ dataDir: '/srv/medx-data', storageUrl: '' }).kind).toBe('local');
  });

  it('switches to S3 on an s3:// STORAGE_URL without connecting yet', () => {
    expect(createStorage({ dataDir: '/unused', storageUrl: 's3://medx-files?region=eu-west-1' }).kind).toBe('s3');
  });

  it('rejects a bad STORAGE_URL at creation, not at first use', () => {
    expect(() => createStorage({ dataDir: '/unused', storageUrl: 's3://Bad_Bucket' })).toThrow(InvalidStorageUrlError);
  });

  it('keeps the AWS SDK out of the static import graph, so the embedded default never loads it', () => {
    const files = readdirSync(new URL('.', import.meta.url)).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    expect(files).toContain('s3.storage.ts');
    for (const file of files) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/^\s*import\s+(?!type\b)[^;]*from\s+['"]@aws-sdk\//m);
      expect(source, file).not.toMatch(/^\s*export\s+[^;]*from\s+['"]@aws-sdk\//m);
    }
  });
});
