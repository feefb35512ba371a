import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError, endsSession } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';

/**
 * One change of an own listing (finish, delete, proof): its outcome as a titled notice, then the
 * page's loaders again so that every list shows the server's word. A 401 is the session's to report;
 * other 4xx answers carry the server's own Korean reason.
 */
export function useTradeChange() {
  const { notify } = useNotify();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);

  const run = async <T>(work: () => Promise<T>, title: string, done: string, failed: string, close: (result: T) => void) => {
    setPending(true);
    try {
      const result = await work();
      notify('success', title, done);
      close(result);
      await revalidator.revalidate();
    } catch (error) {
      if (!endsSession(error))
        notify('error', title, error instanceof ApiError && error.status < 500 && error.status >= 400 ? error.message : failed);
    } finally {
      setPending(false);
    }
  };

  return { pending, run };
}
