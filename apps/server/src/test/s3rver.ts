/**
 * `startS3rver()`: a local S3-compatible server (s3rver) on a free port with one bucket, for tests of a shop on
 * shared storage; `env` holds the S3_* variables that point a configuration at it. Stop it with `close()`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** S3_BUCKET, S3_ENDPOINT, the key pair s3rver accepts (S3RVER/S3RVER) and S3_FORCE_PATH_STYLE. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'emporium-images'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'emporium-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
