import { messages, tradeUiMessages as t } from '@beesang/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { checkImageFile, type UploadHandle, uploadImage } from '../../../lib/upload-image';
import type { ProofKind } from '../shared/trade-draft';

/**
 * The proof of an unissued-stock sale: its kind and one image (POST /api/upload/image). Optional
 * in the trade modal; `title` names it where it is the point of the form.
 */
export function ProofUpload(props: { url: string; kind: ProofKind; onChange(url: string, kind: ProofKind): void; title?: string }) {
  const { url, kind, onChange, title = t.proofTitle } = props;
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const handle = useRef<UploadHandle | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { toast } = useNotify();
  const id = useId();

  useEffect(() => () => handle.current?.abort(), []);

  const choose = (file: File) => {
    const problem = checkImageFile(file);
    setError(problem ?? '');
    if (problem) return;
    handle.current?.abort();
    const upload = uploadImage(file, setPercent);
    handle.current = upload;
    setPercent(0);
    upload.promise.then(
      (fileUrl) => {
        if (handle.current !== upload) return;
        handle.current = null;
        setPercent(null);
        onChange(fileUrl, kind);
        toast('success', messages.imageUploadDone);
      },
      (err: unknown) => {
        if (handle.current !== upload) return;
        handle.current = null;
        setPercent(null);
        setError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : messages.imageUploadFailed);
        toast('error', messages.imageUploadFailed);
      },
    );
  };

  return (
    <fieldset className="rounded-control bg-page p-3">
      <legend className="float-left mb-1 text-sm font-semibold text-ink-2">{title}</legend>
      <p className="clear-both text-xs leading-relaxed text-ink-3">{t.proofHelp}</p>
      <div role="radiogroup" aria-label={t.proofTypeLabel} className="mt-2 flex gap-4 text-sm">
        {(['BANK', 'CONTRACT'] as const).map((k) => (
          <label key={k} className="flex items-center gap-1.5">
            <input type="radio" name={`${id}-kind`} checked={kind === k} onChange={() => onChange(url, k)} className="accent-brand" />
            {k === 'BANK' ? t.proofTypeBank : t.proofTypeContract}
          </label>
        ))}
      </div>
      <div className="mt-2 flex items-center gap-3">
        {url ? (
          <>
            <img src={url} alt={t.proofAttached} className="size-14 rounded-control bg-white object-cover ring-1 ring-line" />
            <button
              type="button"
              onClick={() => onChange('', kind)}
              className="text-sm font-semibold text-ink-2 underline underline-offset-2"
            >
              {t.proofRemove}
            </button>
          </>
        ) : (
          <>
            <input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              accept="image/*"
              tabIndex={-1}
              aria-label={t.proofChoose}
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) choose(file);
              }}
            />
            <button
              type="button"
              disabled={percent !== null}
              onClick={() => fileInput.current?.click()}
              className="h-9 rounded-control bg-white px-3 text-sm font-semibold text-ink ring-1 ring-line hover:bg-page disabled:text-ink-3"
            >
              {percent === null ? t.proofChoose : `${t.proofUploading} ${percent}%`}
            </button>
          </>
        )}
      </div>
      {error && <p className="mt-1 text-sm text-danger">{error}</p>}
    </fieldset>
  );
}
