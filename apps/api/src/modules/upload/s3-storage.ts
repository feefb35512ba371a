import type { S3Config } from '../../config/config.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { sha256Hex, signV4 } from './sigv4.ts';
import type { UploadStorage } from './storage.ts';

const PUT_TIMEOUT_MS = 10_000;

/**
 * S3-compatible bucket (AWS, R2, MinIO, …) with path-style addressing, so any endpoint works
 * without bucket DNS. Objects are public at `publicUrl/<name>`; the API never serves them.
 */
export function createS3Storage(config: S3Config, clock: Clock = systemClock): UploadStorage {
  const creds = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: 's3' };
  return {
    async put(name, bytes, contentType) {
      const url = new URL(`${config.endpoint}/${encodeURIComponent(config.bucket)}/${encodeURIComponent(name)}`);
      const payloadHash = sha256Hex(bytes);
      const headers = signV4(creds, {
        method: 'PUT',
        url,
        payloadHash,
        at: clock.now(),
        headers: {
          'cache-control': 'public, max-age=31536000, immutable',
          'content-type': contentType,
          'x-amz-content-sha256': payloadHash,
        },
      });
      const res = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes), signal: AbortSignal.timeout(PUT_TIMEOUT_MS) });
      // The body may hold the bucket's error XML; status alone goes to the caller's log.
      await res.body?.cancel();
      if (!res.ok) throw new Error(`S3 PUT failed with status ${res.status}`);
      return `${config.publicUrl}/${name}`;
    },
    async read() {
      return null;
    },
  };
}
