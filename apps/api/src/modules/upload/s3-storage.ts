import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config/config.ts';
import type { UploadStorage } from './storage.ts';

const TIMEOUT_MS = 10_000;

/**
 * S3-compatible bucket (AWS, R2, MinIO, …) through the AWS SDK, with path-style addressing so any
 * endpoint works without bucket DNS. Objects are public at `publicUrl/<name>`; `read` lets any
 * instance also serve them at `/uploads/<name>` (a private bucket, or a proof an operator opens).
 */
export function createS3Storage(config: S3Config): UploadStorage & { close(): void } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: other S3-compatible services reject the SDK's default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  return {
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: name,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
        { abortSignal: AbortSignal.timeout(TIMEOUT_MS) },
      );
      return `${config.publicUrl}/${name}`;
    },
    async read(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: name }), {
          abortSignal: AbortSignal.timeout(TIMEOUT_MS),
        });
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    close() {
      client.destroy();
    },
  };
}
