import { messages } from '@beesang/contract';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useNotify } from '../../lib/notify';
import { checkImageFile, uploadImage } from '../../lib/upload-image';

/** The member's photo on the account page: pick, upload with progress, or go back to the default image. */
export function ProfilePhotoEdit({ value, onChange }: { value: string; onChange(url: string): void }) {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const { toast } = useNotify();

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPercent(0);
    try {
      const url = await uploadImage(file, setPercent).promise;
      onChange(url);
      toast('success', messages.imageUploadDone);
    } catch (err) {
      setError(err instanceof Error ? err.message : messages.imageUploadFailed);
      toast('error', messages.imageUploadFailed);
    } finally {
      setPercent(null);
    }
  };

  return (
    <div>
      <p className="mb-1.5 text-sm font-semibold text-ink-2">프로필 사진</p>
      <div className="flex items-center gap-4">
        <img
          src={value || '/default-profile.svg'}
          alt="프로필 사진"
          width={64}
          height={64}
          className="size-16 rounded-full bg-page object-cover"
        />
        <div className="flex gap-2">
          <label
            htmlFor={id}
            className="cursor-pointer rounded-control bg-white px-3 py-2 text-sm font-semibold ring-1 ring-line hover:bg-page"
          >
            {percent === null ? '사진 변경' : `업로드 중 ${percent}%`}
          </label>
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(e) => void pick(e)}
            disabled={percent !== null}
          />
          {value && (
            <button
              type="button"
              onClick={() => onChange('')}
              className="rounded-control px-3 py-2 text-sm font-medium text-ink-3 hover:bg-page"
            >
              기본 이미지로
            </button>
          )}
        </div>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
