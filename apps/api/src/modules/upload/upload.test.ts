import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ABUSE_LIMITS, messages, UPLOAD_MAX_BYTES } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, multipartPost } from '../../test/http.ts';
import { createMember } from '../../test/members.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let dir: string;
let ipSeq = 0;
/** A fresh client IP per request group, so the per-IP limit only bites in its own test. */
const nextIp = () => `203.0.113.${++ipSeq}`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'beesang-uploads-'));
  t = await createTestApp({ seed: false, config: { uploadDir: dir } });
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Part {
  field?: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

function upload(parts: Part[], ip = nextIp()): InjectOptions {
  return multipartPost(
    '/api/upload/image',
    parts.map((p) => ({ ...p, field: p.field ?? 'file' })),
    { remoteAddress: ip },
  );
}

const picture = (width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

async function uploadOk(part: Part): Promise<string> {
  const res = await t.app.inject(upload([part]));
  expect(res.statusCode, res.body).toBe(200);
  const { fileUrl } = (res.json() as { result: { fileUrl: string } }).result;
  expect(fileUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  return fileUrl;
}

async function served(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
  return res.rawPayload;
}

describe('POST /api/upload/image', () => {
  it.each([
    ['jpeg', 'photo.jpg', 'image/jpeg'],
    ['png', 'photo.png', 'image/png'],
    ['webp', 'photo.webp', 'image/webp'],
    ['gif', 'photo.gif', 'image/gif'],
  ] as const)('accepts %s and serves it re-encoded as WebP under a random name', async (format, filename, type) => {
    const bytes = await picture().toFormat(format).toBuffer();
    const url = await uploadOk({ filename, type, bytes });
    expect(url).not.toContain('photo');
    const meta = await sharp(await served(url)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('decides the type by the bytes: a PNG named .jpg with image/jpeg is fine', async () => {
    const bytes = await picture().png().toBuffer();
    await uploadOk({ filename: 'really-a-png.jpg', type: 'image/jpeg', bytes });
  });

  it('strips EXIF and GPS metadata', async () => {
    const bytes = await picture()
      .jpeg()
      .withMetadata({
        exif: {
          IFD0: { Make: 'BeesangCam', Copyright: 'secret-owner' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '126/1 58/1 0/1' },
        },
      })
      .toBuffer();
    const before = await sharp(bytes).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(bytes.includes('BeesangCam')).toBe(true);
    const out = await served(await uploadOk({ filename: 'gps.jpg', type: 'image/jpeg', bytes }));
    const after = await sharp(out).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(out.includes('BeesangCam')).toBe(false);
    expect(out.includes('secret-owner')).toBe(false);
  });

  it('scales the longest side down to 1600 px', async () => {
    const bytes = await picture(2400, 1000).png().toBuffer();
    const meta = await sharp(await served(await uploadOk({ filename: 'wide.png', type: 'image/png', bytes }))).metadata();
    expect(meta).toMatchObject({ width: 1600, height: 667 });
  });

  it('stores only server-named files in the upload folder', async () => {
    const files = (await readdir(dir)).filter((f) => !f.startsWith('.'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f).toMatch(/^[0-9a-f]{32}\.webp$/);
  });

  it('refuses HTML sent as image/png with a .png name', async () => {
    const bytes = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
    await expectError(t.app, upload([{ filename: 'cat.png', type: 'image/png', bytes }]), 415, messages.uploadNotImage);
  });

  it('refuses SVG, even named .png', async () => {
    const bytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    await expectError(t.app, upload([{ filename: 'logo.svg', type: 'image/svg+xml', bytes }]), 415, messages.uploadNotImage);
    await expectError(t.app, upload([{ filename: 'logo.png', type: 'image/png', bytes }]), 415, messages.uploadNotImage);
  });

  it('refuses PDF and a polyglot whose image header hides other content', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF');
    await expectError(t.app, upload([{ filename: 'doc.jpg', type: 'image/jpeg', bytes: pdf }]), 415, messages.uploadNotImage);
    const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const polyglot = Buffer.concat([pngHeader, Buffer.from('<html><script>alert(1)</script></html>')]);
    await expectError(t.app, upload([{ filename: 'x.png', type: 'image/png', bytes: polyglot }]), 400, messages.uploadUnreadable);
  });

  it('refuses a truncated image that does not decode', async () => {
    const bytes = await picture(200, 200).jpeg().toBuffer();
    const broken = bytes.subarray(0, 200);
    const res = await t.app.inject(upload([{ filename: 'cut.jpg', type: 'image/jpeg', bytes: broken }]));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(messages.uploadUnreadable);
  });

  it('answers 413 over 5 MB', async () => {
    const big = Buffer.concat([await picture().png().toBuffer(), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    await expectError(t.app, upload([{ filename: 'big.png', type: 'image/png', bytes: big }]), 413, messages.uploadTooLarge);
  });

  it('takes one file per request, in the field named file', async () => {
    const bytes = await picture().png().toBuffer();
    const two = upload([
      { filename: 'a.png', type: 'image/png', bytes },
      { filename: 'b.png', type: 'image/png', bytes },
    ]);
    await expectError(t.app, two, 413, messages.uploadOneFile);
    await expectError(t.app, upload([{ field: 'image', filename: 'a.png', type: 'image/png', bytes }]), 400, messages.uploadOneFile);
    await expectError(t.app, upload([]), 400, messages.uploadMissing);
  });

  it('refuses a body that is not multipart', async () => {
    const res = await expectError(
      t.app,
      { method: 'POST', url: '/api/upload/image', payload: { file: 'x' }, remoteAddress: nextIp() },
      415,
      messages.uploadMissing,
    );
    expect(res.code).toBe('NOT_MULTIPART');
  });

  it('refuses a multipart body cut short or without its boundary with a 400, not a 500 (found by the fuzz suite)', async () => {
    const part = '--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n';
    for (const payload of [part, 'hello']) {
      const res = await expectError(
        t.app,
        {
          method: 'POST',
          url: '/api/upload/image',
          payload,
          headers: { 'content-type': 'multipart/form-data; boundary=B' },
          remoteAddress: nextIp(),
        },
        400,
        messages.multipartMalformed,
      );
      expect(res.code).toBe('BAD_MULTIPART');
    }
  });

  it('limits uploads without an account to 10 an hour per address, with Retry-After; a member has their own 30', async () => {
    const bytes = await picture().png().toBuffer();
    const ip = nextIp();
    for (let i = 0; i < ABUSE_LIMITS.anonymousUploads.max; i++) {
      expect((await t.app.inject(upload([{ filename: 'a.png', type: 'image/png', bytes }], ip))).statusCode).toBe(200);
    }
    const res = await t.app.inject(upload([{ filename: 'a.png', type: 'image/png', bytes }], ip));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ message: messages.uploadLimited, code: 'RATE_LIMITED' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another visitor is unaffected, and so is a member behind the same address.
    await uploadOk({ filename: 'b.png', type: 'image/png', bytes });
    const member = await createMember(t);
    const signedIn = upload([{ filename: 'c.png', type: 'image/png', bytes }], ip);
    const own = await t.app.inject({ ...signedIn, headers: { ...signedIn.headers, ...member.headers } });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('a member uploads at most 30 an hour, from any address', async () => {
    const bytes = await picture().png().toBuffer();
    const member = await createMember(t);
    const as = (ip: string) => {
      const request = upload([{ filename: 'm.png', type: 'image/png', bytes }], ip);
      return { ...request, headers: { ...request.headers, ...member.headers } };
    };
    for (let i = 0; i < ABUSE_LIMITS.memberUploads.max; i++) {
      const res = await t.app.inject(as(nextIp()));
      expect(res.statusCode, res.body).toBe(200);
    }
    await expectError(t.app, as(nextIp()), 429, messages.uploadLimited);
  });

  /** A greyscale PNG of any size whose pixels are all black: megabytes of zeros deflate to kilobytes. */
  function blackPng(width: number, height: number): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(crc32(body), 8 + data.length);
      return out;
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
    // Every row: filter byte 0 and `width` black pixels.
    const idat = deflateSync(Buffer.alloc(height * (width + 1)), { level: 1 });
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', idat),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  it.each([
    ['a 1 × 39,999,999 strip (a side over 12,000 px, under 40 megapixels)', 1, 39_999_999],
    ['a 7,000 × 6,000 picture (sides under 12,000 px, 42 megapixels)', 7_000, 6_000],
  ])('refuses %s from its header, before decoding a pixel', async (_name, width, height) => {
    const bomb = blackPng(width, height);
    const body = await expectError(
      t.app,
      upload([{ filename: 'big.png', type: 'image/png', bytes: bomb }]),
      400,
      messages.uploadTooManyPixels,
    );
    expect(body.code).toBe('IMAGE_TOO_LARGE');
    // A picture of ordinary size still goes through.
    await uploadOk({ filename: 'wide.png', type: 'image/png', bytes: await picture(4000, 300).png().toBuffer() });
  });
});

describe('GET /uploads/:name', () => {
  it.each([
    '/uploads/..%2F..%2Fpackage.json',
    '/uploads/../../package.json',
    '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/uploads/..',
    '/uploads/.env',
    '/uploads/0123456789abcdef0123456789abcdef.webp',
    '/uploads/0123456789abcdef0123456789abcdef.svg',
    '/uploads/',
  ])('answers 404 for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('S3 storage (a real S3 protocol server)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    app = await createTestApp({ seed: false, config: { s3: s3.config } });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('stores the re-encoded image in the bucket under a generated name; the bucket and every instance serve it', async () => {
    const res = await app.app.inject(upload([{ filename: 'me.png', type: 'image/png', bytes: await picture().png().toBuffer() }]));
    expect(res.statusCode, res.body).toBe(200);
    const { fileUrl } = (res.json() as { result: { fileUrl: string } }).result;
    expect(fileUrl).toMatch(new RegExp(`^${s3.config.publicUrl}/[0-9a-f]{32}\\.webp$`));

    const fromBucket = await fetch(fileUrl);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('image/webp');
    expect(fromBucket.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await fromBucket.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');

    // Another instance (nothing shared but the settings) serves the same object at /uploads/<name>.
    const other = await secondInstance(app);
    try {
      const name = fileUrl.slice(fileUrl.lastIndexOf('/') + 1);
      const served = await other.app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect((await other.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(32)}.webp` })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('a bucket that refuses the key is a 503 with a Korean message, and nothing of its answer leaks', async () => {
    const refused = await createTestApp({ seed: false, config: { s3: { ...s3.config, accessKeyId: 'NOT-A-KEY' } } });
    try {
      const body = await expectError(
        refused.app,
        upload([{ filename: 'me.png', type: 'image/png', bytes: await picture().png().toBuffer() }]),
        503,
        messages.uploadStoreFailed,
      );
      expect(body.code).toBe('STORAGE_UNAVAILABLE');
      expect(JSON.stringify(body)).not.toMatch(/InvalidAccessKeyId|NOT-A-KEY|127\.0\.0\.1/);
    } finally {
      await refused.close();
    }
  });
});
