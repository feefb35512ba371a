import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { UploadRepository } from './upload.repository.ts';

export interface UploadLimit {
  max: number;
  windowSeconds: number;
}

/** Throws 429 (with Retry-After) once an IP has used up its uploads for the current window. */
export function createUploadLimiter(repo: UploadRepository, clock: Clock, limit: UploadLimit) {
  const windowMs = limit.windowSeconds * 1000;
  return async (ip: string): Promise<void> => {
    const now = clock.now().getTime();
    const start = now - (now % windowMs);
    const count = await repo.hit(ip, new Date(start));
    // The first hit of a window is a cheap moment to forget windows nobody reads any more.
    if (count === 1) await repo.deleteBefore(new Date(start - windowMs));
    if (count > limit.max) {
      throw new AppError(429, 'uploadLimited', 'TOO_MANY_UPLOADS', { retryAfter: (start + windowMs - now) / 1000 });
    }
  };
}
