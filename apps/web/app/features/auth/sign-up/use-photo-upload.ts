import { messages, UPLOAD_LIST_ANIMATION_MS } from '@beesang/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { checkImageFile, type UploadHandle, uploadImage } from '../../../lib/upload-image';

/** Spec §3 "Uploaded file item" and §4 "Upload file status". */
export type UploadStatus = 'uploading' | 'done' | 'error' | 'removed';
export interface UploadItem {
  uid: string;
  name: string;
  status: UploadStatus;
  percent: number;
  response?: { result: { fileUrl: string } };
  /** Why it failed, in Korean, for the error state. */
  error?: string;
}

const MAX_COUNT = 1;
let seq = 0;

/**
 * One-photo upload list: a new file replaces the old (max count 1), a removed item fades out for
 * the spec's 2000 ms before it leaves, and every change of the usable URL goes to `onChange`.
 */
export function usePhotoUpload(
  onChange: (fileUrl: string) => void,
  /** Asked before an item is removed; `false` refuses the removal (spec §4 "Upload file status"). */
  onRemove?: (item: UploadItem) => boolean,
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [rejected, setRejected] = useState('');
  const inFlight = useRef<UploadHandle | null>(null);
  const { toast } = useNotify();

  useEffect(() => () => inFlight.current?.abort(), []);

  const update = (uid: string, patch: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));

  function choose(file: File) {
    const problem = checkImageFile(file);
    setRejected(problem ?? '');
    if (problem) return;
    inFlight.current?.abort();
    const uid = `photo-${Date.now()}-${++seq}`;
    setItems((list) =>
      [...list.filter((i) => i.status !== 'removed'), { uid, name: file.name, status: 'uploading' as const, percent: 0 }].slice(-MAX_COUNT),
    );
    onChange('');
    const handle = uploadImage(file, (percent) => update(uid, { percent }));
    inFlight.current = handle;
    handle.promise.then(
      (fileUrl) => {
        if (inFlight.current !== handle) return;
        inFlight.current = null;
        update(uid, { status: 'done', percent: 100, response: { result: { fileUrl } } });
        onChange(fileUrl);
        toast('success', messages.imageUploadDone);
      },
      (error: unknown) => {
        // Replaced or removed meanwhile: that item is gone, so there is nothing to report.
        if (inFlight.current !== handle) return;
        inFlight.current = null;
        const message = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : messages.imageUploadFailed;
        update(uid, { status: 'error', error: message });
        toast('error', messages.imageUploadFailed);
      },
    );
  }

  function remove(uid: string) {
    const item = items.find((i) => i.uid === uid);
    if (!item || onRemove?.(item) === false) return;
    if (item.status === 'uploading') {
      const handle = inFlight.current;
      inFlight.current = null;
      handle?.abort();
    }
    update(uid, { status: 'removed' });
    if (item.status === 'done') onChange('');
    setTimeout(() => setItems((list) => list.filter((i) => i.uid !== uid)), UPLOAD_LIST_ANIMATION_MS);
  }

  const current = items.find((i) => i.status !== 'removed');
  return { items, current, rejected, choose, remove };
}
