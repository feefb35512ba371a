import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { checkImageFile, type UploadHandle, uploadImage } from '../../lib/upload-image';

/** An optional image: our own upload (POST /api/upload/image) with progress, a thumbnail and a way to remove it. */
export function ImageUploadField(props: {
  label: string;
  value: string;
  onChange(url: string): void;
  error?: string | undefined;
  hint?: string;
}) {
  const id = useId();
  const upload = useRef<UploadHandle | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => () => upload.current?.abort(), []);
  const error = failure || props.error;

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const wrong = checkImageFile(file);
    if (wrong) return setFailure(wrong);
    setFailure('');
    setProgress(0);
    upload.current = uploadImage(file, setProgress);
    try {
      props.onChange(await upload.current.promise);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'ABORTED'))
        setFailure(err instanceof ApiError ? err.message : '이미지를 올리지 못했습니다.');
    } finally {
      upload.current = null;
      setProgress(null);
    }
  }

  return (
    <div>
      <p id={`${id}-label`} className="mb-1 text-sm font-semibold text-ink-2">
        {props.label}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {props.value && (
          <img src={props.value} alt={`${props.label} 미리보기`} className="size-16 rounded-control object-cover ring-1 ring-line" />
        )}
        <label
          htmlFor={id}
          className="inline-flex h-10 cursor-pointer items-center rounded-control px-3 text-sm font-semibold ring-1 ring-line focus-within:outline-2 focus-within:outline-brand hover:bg-page"
        >
          {props.value ? '이미지 바꾸기' : '이미지 올리기'}
          <input
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={error ? `${id}-error` : props.hint ? `${id}-hint` : undefined}
            disabled={progress !== null}
            onChange={pick}
          />
        </label>
        {props.value && progress === null && (
          <button type="button" onClick={() => props.onChange('')} className="h-10 rounded-control px-3 text-sm text-ink-2 hover:bg-page">
            이미지 빼기
          </button>
        )}
        {progress !== null && (
          <span role="status" className="num text-sm text-ink-2">
            올리는 중 {progress}%
          </span>
        )}
      </div>
      {props.hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-3">
          {props.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
