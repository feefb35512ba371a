import { messages, UPLOAD_FIELD_NAME, UPLOAD_MAX_BYTES } from '@beesang/contract';
import { ApiError } from './api-client';

/** Uploads get longer than the API's 5 s: a 5 MB photo on a slow phone connection takes a while. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** The optional pre-upload check (spec §5): images only, at most 5 MB. Returns a message, or null. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return messages.uploadNotImage;
  if (file.size > UPLOAD_MAX_BYTES) return messages.uploadTooLarge;
  return null;
}

export interface UploadHandle {
  promise: Promise<string>;
  abort(): void;
}

/**
 * POST /api/upload/image with upload progress (fetch has none, hence XMLHttpRequest). Resolves
 * with `result.fileUrl`; rejects with an ApiError carrying the server's Korean message.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<string>((resolve, reject) => {
    xhr.open('POST', '/api/upload/image');
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      // Sending done is not upload done: 100 is kept for the server's answer.
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(99, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: { result?: { fileUrl?: unknown }; message?: string; code?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML error page: fall through to the generic message.
      }
      const fileUrl = body.result?.fileUrl;
      if (xhr.status >= 200 && xhr.status < 300 && typeof fileUrl === 'string') return resolve(fileUrl);
      reject(new ApiError(xhr.status || 500, body.message ?? messages.imageUploadFailed, { code: body.code }));
    };
    const fail = () => reject(new ApiError(0, messages.imageUploadFailed));
    xhr.onerror = fail;
    xhr.ontimeout = fail;
    xhr.onabort = () => reject(new ApiError(0, messages.imageUploadFailed, { code: 'ABORTED' }));
    const form = new FormData();
    form.append(UPLOAD_FIELD_NAME, file);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
