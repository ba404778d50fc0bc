import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface TestS3Server {
  /** STORAGE_URL for this server: path-style, credentials S3RVER/S3RVER. */
  url: string;
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Where s3rver keeps the bucket on disk. */
  directory: string;
  stop(): Promise<void>;
}

const BUCKET = 'medx-test';
const START_TIMEOUT_MS = 15_000;

/*
 * s3rver 3.7.1 runs in a child process because of two gaps found on Node 20:
 * - Truncated listings (ListObjectsV2 with a NextContinuationToken) answer 500: s3rver encrypts
 *   the token with single DES, which OpenSSL 3 only offers in its legacy provider
 *   (ERR_OSSL_EVP_UNSUPPORTED). --openssl-legacy-provider can only be given at start-up.
 * - ListMultipartUploads answers 501 NotImplemented, and AbortMultipartUpload and ListParts 405:
 *   none is implemented. The middleware below fills both in from s3rver's on-disk layout
 *   (<bucket>/._S3rver_uploads/<uploadId>/key), so the suite can check what real S3 would show.
 * The child also exits when its stdin closes, so it never outlives a crashed test worker.
 */
const CHILD = String.raw`
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const S3rver = require(process.env.S3RVER_MODULE);
const { directory, bucket } = JSON.parse(process.env.S3RVER_OPTIONS);
const xml = (value) => String(value).replace(/[<>&'"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

async function multipartGaps(ctx, next) {
  const [bucketName, ...rest] = ctx.path.slice(1).split('/');
  const key = rest.join('/');
  const uploadsDir = path.join(directory, path.basename(bucketName), '._S3rver_uploads');
  if (ctx.method === 'GET' && bucketName && key === '' && 'uploads' in ctx.query) {
    const ids = await fs.promises.readdir(uploadsDir).catch(() => []);
    const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
    let uploads = '';
    for (const id of ids.sort()) {
      const uploadKey = await fs.promises.readFile(path.join(uploadsDir, id, 'key'), 'utf8').catch(() => null);
      if (uploadKey === null || !uploadKey.startsWith(prefix)) continue;
      uploads += '<Upload><Key>' + xml(uploadKey) + '</Key><UploadId>' + xml(id) + '</UploadId></Upload>';
    }
    ctx.type = 'application/xml';
    ctx.body = XML_HEAD + '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>' +
      xml(bucketName) + '</Bucket><IsTruncated>false</IsTruncated>' + uploads + '</ListMultipartUploadsResult>';
    return;
  }
  if (ctx.method === 'GET' && key !== '' && typeof ctx.query.uploadId === 'string') {
    // ListParts (tus's S3 store asks it after every part): from the parts on disk.
    const uploadDir = path.join(uploadsDir, path.basename(ctx.query.uploadId));
    if (!fs.existsSync(uploadDir)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = XML_HEAD + '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    const numbers = (await fs.promises.readdir(uploadDir)).filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);
    let parts = '';
    for (const n of numbers) {
      const file = path.join(uploadDir, String(n));
      const content = await fs.promises.readFile(file);
      const md5 = require('node:crypto').createHash('md5').update(content).digest('hex');
      const { mtime } = await fs.promises.stat(file);
      parts += '<Part><PartNumber>' + n + '</PartNumber><LastModified>' + mtime.toISOString() +
        '</LastModified><ETag>"' + md5 + '"</ETag><Size>' + content.length + '</Size></Part>';
    }
    ctx.type = 'application/xml';
    ctx.body = XML_HEAD + '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>' + xml(bucketName) +
      '</Bucket><Key>' + xml(key) + '</Key><UploadId>' + xml(ctx.query.uploadId) +
      '</UploadId><IsTruncated>false</IsTruncated>' + parts + '</ListPartsResult>';
    return;
  }
  if (ctx.method === 'DELETE' && key !== '' && typeof ctx.query.uploadId === 'string') {
    const uploadDir = path.join(uploadsDir, path.basename(ctx.query.uploadId));
    if (!fs.existsSync(uploadDir)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = XML_HEAD + '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    await fs.promises.rm(uploadDir, { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  return next();
}

const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
server.middleware.unshift(multipartGaps);
server.run().then(
  (address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\n'),
  (err) => { console.error(err); process.exit(1); },
);
const stop = () => server.close().catch(() => {}).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
`;

/** Starts s3rver on 127.0.0.1 (a free port) with an empty temp directory and the medx-test bucket. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'medx-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD], {
    env: {
      ...process.env,
      S3RVER_MODULE: createRequire(import.meta.url).resolve('s3rver'),
      S3RVER_OPTIONS: JSON.stringify({ directory, bucket: BUCKET }),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };

  let port: number;
  try {
    port = await readPort(child.stdout, child);
  } catch (err) {
    await stop();
    throw new Error(`s3rver did not start: ${(err as Error).message}\n${stderr}`);
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    url: `s3://${credentials.accessKeyId}:${credentials.secretAccessKey}@${BUCKET}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    endpoint,
    bucket: BUCKET,
    credentials,
    directory,
    stop,
  };
}

async function readPort(stdout: NodeJS.ReadableStream, child: { once(event: 'exit', fn: () => void): void }) {
  const lines = createInterface({ input: stdout });
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no port within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('the process exited'));
      });
      lines.once('line', (line) => {
        clearTimeout(timer);
        const { port } = JSON.parse(line) as { port: number };
        resolve(port);
      });
    });
  } finally {
    lines.close();
  }
}
