import { UPLOAD_LIST_ANIMATION_MS } from '@beesang/contract';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { type UploadItem, usePhotoUpload } from './use-photo-upload';

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  uploading: '업로드 중',
  done: '업로드 완료',
  error: '업로드 실패',
  removed: '삭제됨',
};

/**
 * Expert profile photo (spec §5 "Upload"): pick an image, watch it upload, remove or replace it.
 * The uploaded URL is the form's `profileUrl`; empty shows the default image.
 */
export function ProfilePhoto({
  value,
  onChange,
  error,
  locked = false,
}: {
  value: string;
  onChange(fileUrl: string): void;
  error?: string;
  /** The form is being submitted with this photo: it cannot be removed until the answer comes. */
  locked?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = usePhotoUpload(onChange, () => !locked);
  const busy = upload.current?.status === 'uploading';
  // While a photo is on its way, "add a photo" is not yet a fair complaint.
  const message = upload.rejected || (busy ? '' : error);
  const messageId = `${id}-error`;

  return (
    <div>
      <p id={`${id}-label`} className="mb-1.5 text-sm font-semibold text-ink-2">
        프로필 사진
      </p>
      <div className="flex items-center gap-4">
        <img
          src={value || '/default-profile.svg'}
          alt={value ? '프로필 사진' : '기본 프로필 이미지'}
          width={64}
          height={64}
          className="size-16 rounded-full bg-page object-cover"
        />
        <div>
          <input
            ref={input}
            id={`${id}-input`}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-labelledby={`${id}-label`}
            aria-describedby={message ? messageId : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Cleared so choosing the same file again still fires a change.
              e.target.value = '';
              if (file) upload.choose(file);
            }}
          />
          <Button
            variant="ghost"
            className="h-9 text-sm"
            aria-describedby={message ? messageId : undefined}
            onClick={() => input.current?.click()}
          >
            {upload.current ? '사진 변경' : '사진 추가'}
          </Button>
          <p className="mt-1 text-xs text-ink-3">JPG, PNG, WEBP, GIF · 5MB 이하</p>
        </div>
      </div>
      {upload.items.length > 0 && (
        <ul aria-label="업로드한 사진" className="mt-2 space-y-1">
          {upload.items.map((item) => (
            <UploadRow key={item.uid} item={item} onRemove={() => upload.remove(item.uid)} />
          ))}
        </ul>
      )}
      {message && (
        <p id={messageId} role="alert" className="mt-1 text-sm text-danger">
          {message}
        </p>
      )}
    </div>
  );
}

function UploadRow({ item, onRemove }: { item: UploadItem; onRemove(): void }) {
  const removed = item.status === 'removed';
  return (
    <li
      data-status={item.status}
      className={`rounded-control px-2 py-1 text-sm transition-opacity ${removed ? 'opacity-0' : 'opacity-100'} ${
        item.status === 'error' ? 'text-danger' : 'text-ink-2'
      }`}
      style={{ transitionDuration: `${UPLOAD_LIST_ANIMATION_MS}ms` }}
    >
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate">{item.name}</span>
        <span className="shrink-0 text-xs">
          {STATUS_TEXT[item.status]}
          {item.status === 'uploading' ? ` ${item.percent}%` : ''}
        </span>
        {!removed && (
          <button type="button" className="shrink-0 text-xs text-ink-3 underline" aria-label={`${item.name} 삭제`} onClick={onRemove}>
            삭제
          </button>
        )}
      </div>
      {item.status === 'uploading' && (
        <div
          role="progressbar"
          aria-label={`${item.name} 업로드`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.percent}
          className="mt-1 h-1 overflow-hidden rounded-full bg-page"
        >
          <div className="h-full bg-brand transition-[width]" style={{ width: `${item.percent}%` }} />
        </div>
      )}
      {item.status === 'error' && item.error && <p className="text-xs">{item.error}</p>}
    </li>
  );
}
