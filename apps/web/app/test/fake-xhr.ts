import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (the one network seam of uploads): tests see each request and
 * drive its progress and answer by hand.
 */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  body: unknown;
  status = 0;
  responseText = '';
  timeout = 0;
  withCredentials = false;
  aborted = false;
  headers: Record<string, string> = {};
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
  /** The file sent in the multipart field `file`. */
  file(): File | null {
    return this.body instanceof FormData ? (this.body.get('file') as File | null) : null;
  }
}

export function stubXhr() {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    last: () => {
      const xhr = FakeXhr.all.at(-1);
      if (!xhr) throw new Error('no upload request was sent');
      return xhr;
    },
    count: () => FakeXhr.all.length,
  };
}

export const imageFile = (name = 'me.png', size = 1024, type = 'image/png') => new File([new Uint8Array(size)], name, { type });
