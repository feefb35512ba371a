import { useCallback, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError, endsSession } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';

export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** The API's per-field messages of a failed call, for errors that belong under one input. */
export const fieldErrorsOf = (error: unknown): Record<string, string> => (error instanceof ApiError ? (error.fields ?? {}) : {});

/**
 * One console action: no double submits, a titled notice for its outcome (none when the session
 * ended, which the client has already said), and the page's loaders read again after a success.
 */
export function useAdminAction() {
  const { notify } = useNotify();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const run = useCallback(
    async <T>(title: string, work: () => Promise<T>, opts: { done?: string; revalidate?: boolean } = {}): Promise<ActionResult<T>> => {
      if (running.current) return { ok: false, error: new Error('busy') };
      running.current = true;
      setBusy(true);
      try {
        const value = await work();
        if (opts.done) notify('success', title, opts.done);
        if (opts.revalidate !== false) await revalidator.revalidate();
        return { ok: true, value };
      } catch (error) {
        if (!endsSession(error))
          notify('error', title, error instanceof ApiError ? error.message : '처리하지 못했습니다. 잠시 후 다시 시도해주세요.');
        return { ok: false, error };
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [notify, revalidator],
  );
  return { busy, run };
}
