import type { ReactNode } from 'react';
import { ListEmpty, ListFailed, useReload } from '../../../components/ui/list-state';
import { objectParticle } from './josa';

/** The sentence a console list shows instead of rows: never a blank area (the site's ListEmpty, in a card of its own). */
export function EmptyState({ children, hint, action }: { children: ReactNode; hint?: ReactNode; action?: ReactNode }) {
  return (
    <ListEmpty framed hint={hint} action={action}>
      {children}
    </ListEmpty>
  );
}

/** '감사 로그를 불러오지 못했습니다.' */
export const loadFailedText = (what: string) => `${what}${objectParticle(what)} 불러오지 못했습니다.`;

/**
 * A list the loader could not read (the API down, a lapsed permission): say so, and 다시 시도 runs
 * the page's loader again. `title` keeps the page's heading where the list's own page would have it.
 */
export function LoadFailed({ what, title }: { what: string; title?: string }) {
  const { reload, reloading } = useReload();
  return (
    <>
      {title && <h1 className="text-xl font-bold">{title}</h1>}
      <ListFailed
        framed
        message={loadFailedText(what)}
        hint="권한이 바뀌었거나 연결이 끊겼을 수 있습니다. 다시 시도해도 같으면 잠시 후 새로고침해주세요."
        onRetry={reload}
        retrying={reloading}
      />
    </>
  );
}
