import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where re-encoded uploads go. `read` is only for stores the API serves itself (local folder). */
export interface UploadStorage {
  /** Stores the bytes under `name` and returns the URL the browser loads them from. */
  put(name: string, bytes: Buffer, contentType: string): Promise<string>;
  read(name: string): Promise<Buffer | null>;
}

/** Server-generated names only: 128 random bits, never anything from the client. */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.webp$/;
export const newUploadName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

/** Files in one folder, served by the API at `/uploads/<name>`. */
export function createLocalStorage(dir: string): UploadStorage {
  return {
    async put(name, bytes) {
      if (!UPLOAD_NAME.test(name)) throw new Error('invalid upload name');
      await mkdir(dir, { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = join(dir, `.${name}.${process.pid}.tmp`);
      await writeFile(temp, bytes, { mode: 0o644 });
      await rename(temp, join(dir, name));
      return `/uploads/${name}`;
    },
    async read(name) {
      if (!UPLOAD_NAME.test(name)) return null;
      try {
        return await readFile(join(dir, name));
      } catch {
        return null;
      }
    },
  };
}

/** Whether a URL points at one of our uploads (local folder or the configured bucket), by its generated name. */
export function ownUploadMatcher(bucketPublicUrl?: string): (url: string) => boolean {
  return (url) => {
    const slash = url.lastIndexOf('/');
    const prefix = url.slice(0, slash);
    const name = url.slice(slash + 1);
    return UPLOAD_NAME.test(name) && (prefix === '/uploads' || (bucketPublicUrl !== undefined && prefix === bucketPublicUrl));
  };
}
