import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envelope, errorSchema, UPLOAD_FIELD_NAME, UPLOAD_MAX_BYTES, uploadedImageSchema, uploadImageForm } from '@beesang/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import type { Limits } from '../limits/limits.ts';
import { reencodeImage } from './image.ts';
import { createLocalStorage, newUploadName, UPLOAD_NAME, type UploadStorage } from './storage.ts';

export type UploadConfig = Pick<AppConfig, 'publicUrl'> & Partial<Pick<AppConfig, 'uploadDir' | 's3'>>;

export interface UploadRoutesOptions {
  config: UploadConfig;
  limits: Limits;
  /** The signed-in member's id, if any: members and visitors have separate upload limits. */
  memberIdOf(req: FastifyRequest): Promise<number | null>;
  /** Replaces the store the config picks (tests). */
  storage?: UploadStorage;
}

/** Errors the multipart parser raises, turned into the Korean messages of the upload field. */
const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError(413, 'uploadTooLarge', 'FILE_TOO_LARGE'),
  FST_FILES_LIMIT: () => new AppError(413, 'uploadOneFile', 'TOO_MANY_FILES'),
  FST_PARTS_LIMIT: () => new AppError(413, 'uploadOneFile', 'TOO_MANY_PARTS'),
  FST_FIELDS_LIMIT: () => new AppError(413, 'uploadOneFile', 'TOO_MANY_PARTS'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError(415, 'uploadMissing', 'NOT_MULTIPART'),
};

/** The one file of the request, fully read within the size limit; anything more is refused. */
async function readSingleFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError(415, 'uploadMissing', 'NOT_MULTIPART');
  let file: Buffer | undefined;
  try {
    const parts = req.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== UPLOAD_FIELD_NAME || file) {
        part.file.resume();
        throw new AppError(400, 'uploadOneFile', 'UNEXPECTED_FILE');
      }
      file = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const mapped = code ? MULTIPART_ERRORS[code] : undefined;
    if (mapped) throw mapped();
    // Anything else the parser raises (a body cut short, no boundary) is a malformed request, not a 500.
    throw error instanceof AppError ? error : new AppError(400, 'multipartMalformed', 'BAD_MULTIPART');
  }
  if (!file || file.length === 0) throw new AppError(400, 'uploadMissing', 'FILE_REQUIRED');
  return file;
}

async function pickStorage(config: UploadConfig): Promise<UploadStorage & { close?(): void }> {
  // The AWS SDK loads only where a bucket is configured (it holds memory nobody else needs).
  if (config.s3) return (await import('./s3-storage.ts')).createS3Storage(config.s3);
  return createLocalStorage(config.uploadDir ?? join(tmpdir(), 'beesang-uploads'));
}

/** A store that fails (the bucket down or refusing) is a 503 with a Korean message; the cause goes to the log only. */
async function storeOrFail<T>(req: FastifyRequest, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    req.log.error({ err: error }, `upload storage failed to ${what}`);
    throw new AppError(503, 'uploadStoreFailed', 'STORAGE_UNAVAILABLE', { retryAfter: 5 });
  }
}

/**
 * POST /api/upload/image (spec §3 and §5; SECURITY.md 18). Open without an account, because the
 * expert photo is picked before sign-up ends: 30 an hour per member, 10 an hour per address without
 * an account (issue 10 §4).
 */
export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (app, options) => {
  const { config } = options;
  const storage = options.storage ?? (await pickStorage(config));
  app.addHook('onClose', async () => (storage as { close?(): void }).close?.());
  // Registered inside this plugin only: no other route accepts multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true });

  app.post(
    '/api/upload/image',
    {
      // The body is read part by part below; this only documents it (multipart/form-data, field `file`).
      config: { multipart: uploadImageForm },
      schema: {
        tags: ['upload'],
        summary: '이미지 올리기 (multipart/form-data의 file 항목에 한 장)',
        description:
          '회원가입 전에도 부를 수 있습니다 (전문가 사진). 한 시간에 회원 30장, 로그인하지 않은 주소 10장까지이며 넘으면 429와 Retry-After. 응답의 result.fileUrl을 프로필 사진·증빙 주소로 보냅니다.',
        response: { 200: envelope(uploadedImageSchema), 429: errorSchema, 503: errorSchema },
      },
    },
    async (req, reply) => {
      const memberId = await options.memberIdOf(req);
      if (memberId === null) await options.limits.check(req, { address: req.ip }, 'anonymousUploads');
      else await options.limits.check(req, { memberId }, 'memberUploads');
      const image = await reencodeImage(await readSingleFile(req));
      const name = newUploadName(image.extension);
      const fileUrl = await storeOrFail(req, 'store', () => storage.put(name, image.bytes, image.contentType));
      // Name and size only: never the client's file name or any bytes.
      req.log.info({ upload: name, bytes: image.bytes.length }, 'image uploaded');
      return reply.header('cache-control', 'no-store').send({ result: { fileUrl } });
    },
  );

  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (req, reply) => {
    const name = req.params.name;
    const bytes = UPLOAD_NAME.test(name) ? await storeOrFail(req, 'read', () => storage.read(name)) : null;
    if (!bytes) throw new NotFoundError();
    return reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes);
  });
};
