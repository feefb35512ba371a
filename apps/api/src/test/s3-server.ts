import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config/config.ts';

/** s3rver's built-in account: it checks the access key, not the signature. */
export const S3RVER_KEY = 'S3RVER';

/**
 * A real S3 protocol server (s3rver) on a free local port with one bucket in a temporary folder,
 * for the upload tests and the cluster test. `config` is what S3_* would give the app.
 */
export async function startS3Server(bucket = 'beesang-media') {
  const directory = await mkdtemp(join(tmpdir(), 'beesang-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    bucket,
    endpoint,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    region: 'ap-northeast-2',
    publicUrl: `${endpoint}/${bucket}`,
  };
  return {
    endpoint,
    config,
    /** The same settings as environment variables, for a server process. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_REGION: config.region,
    },
    async close() {
      await server.close().catch(() => {});
      await rm(directory, { recursive: true, force: true });
    },
  };
}
