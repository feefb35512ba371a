import type { ReactNode } from 'react';
import { objectParticle } from './josa';

/** The sentence a list shows instead of rows: never a blank area. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="mt-4 rounded-card bg-white p-8 text-center text-ink-3 ring-1 ring-line">{children}</p>;
}

/** A list the loader could not read (no permission, the API down): say so and how to go on. */
export function LoadFailed({ what }: { what: string }) {
  return (
    <p role="alert" className="mt-4 rounded-card bg-white p-8 text-center text-ink-2 ring-1 ring-line">
      {what}
      {objectParticle(what)} 불러오지 못했습니다. 권한을 확인하거나 잠시 후 새로고침해주세요.
    </p>
  );
}
