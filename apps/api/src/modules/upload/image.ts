import { AppError } from '../../lib/errors.ts';
import { loadSharp } from '../../lib/sharp.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

/** Longest side of a stored image; larger pictures are scaled down to it. */
export const MAX_SIDE_PX = 1600;
/** Refuse decompression bombs before sharp allocates the pixels (about 8k × 5k). */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Longest side accepted, read from the header before any pixel is decoded: a 1 × 39,999,999 strip
 * is under the pixel limit yet takes seconds of CPU to decode (issue 10 §4). Phone panoramas stay
 * well under it.
 */
export const MAX_INPUT_SIDE_PX = 12_000;

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The type by the file's own first bytes. The client's name and content type are ignored: they
 * are exactly what an attacker picks.
 */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export interface EncodedImage {
  bytes: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
}

/**
 * Decodes and re-encodes as WebP: only pixels survive, so EXIF/GPS and anything appended to the
 * file (polyglots) are gone, and a file that does not decode as the type it claims is refused.
 */
export async function reencodeImage(bytes: Buffer): Promise<EncodedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError(415, 'uploadNotImage', 'UNSUPPORTED_MEDIA_TYPE');
  const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;
  try {
    const sharp = await loadSharp();
    const meta = await sharp(bytes, options).metadata();
    // The decoder must agree with the magic bytes; a PNG header on a TIFF (say) is not a PNG.
    if (meta.format !== kind) throw new AppError(415, 'uploadNotImage', 'UNSUPPORTED_MEDIA_TYPE');
    const height = meta.pageHeight ?? meta.height;
    if (!meta.width || !height || meta.width > MAX_INPUT_SIDE_PX || height > MAX_INPUT_SIDE_PX || meta.width * height > MAX_INPUT_PIXELS) {
      throw new AppError(400, 'uploadTooManyPixels', 'IMAGE_TOO_LARGE');
    }
    const out = await sharp(bytes, options)
      .rotate() // apply the EXIF orientation before the EXIF is dropped
      .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes: out, contentType: 'image/webp', extension: 'webp' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // sharp refuses from the header what is over limitInputPixels: too large, not unreadable.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new AppError(400, 'uploadTooManyPixels', 'IMAGE_TOO_LARGE');
    throw new AppError(400, 'uploadUnreadable', 'IMAGE_UNREADABLE');
  }
}
