import type { ReactNode } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { Button } from './button';

/**
 * What a list shows when it has no rows to show (issue 14 §1): never a blank area. Empty says what
 * is missing and what to do; loading keeps the list's size and says so to screen readers; failed
 * names what could not be read and offers 다시 시도. One look for every list on the site and in the
 * console: a sentence in the list's own frame, or (`framed`) a card of its own.
 */

export const RETRY = '다시 시도';
export const RETRYING = '다시 불러오는 중…';
export const FAILED_HINT = '연결 상태를 확인한 뒤 다시 시도해주세요.';

type Size = 'regular' | 'compact';
const PAD: Record<Size, string> = { regular: 'px-4 py-12', compact: 'px-3 py-5' };
const CARD = 'mt-4 rounded-card bg-white ring-1 ring-line';

function frameClass(size: Size, framed: boolean | undefined) {
  return `${PAD[size]} ${framed ? CARD : ''} text-center`;
}

export function ListEmpty(props: {
  /** The sentence: what is missing. */
  children: ReactNode;
  /** What to do about it, in a second, quieter line. */
  hint?: ReactNode;
  /** Links or buttons that lead on (e.g. 필터 초기화). */
  action?: ReactNode;
  size?: Size;
  /** A card of its own (the console), rather than inside the list's card. */
  framed?: boolean;
}) {
  return (
    <div className={frameClass(props.size ?? 'regular', props.framed)} data-list-state="empty">
      <p className={props.size === 'compact' ? 'text-sm text-ink-2' : 'font-semibold text-ink-2'}>{props.children}</p>
      {props.hint && <p className="mt-1 text-sm text-ink-3">{props.hint}</p>}
      {props.action && <div className="mt-5 flex flex-wrap justify-center gap-2">{props.action}</div>}
    </div>
  );
}

export function ListFailed(props: {
  /** '…을 불러오지 못했습니다.' */
  message: ReactNode;
  /** Reads the list again; without it the sentence says how to go on instead. */
  onRetry?: () => void;
  /** The retry is under way: the button waits. */
  retrying?: boolean;
  hint?: ReactNode;
  size?: Size;
  framed?: boolean;
}) {
  const compact = props.size === 'compact';
  return (
    <div role="alert" className={frameClass(props.size ?? 'regular', props.framed)} data-list-state="failed">
      <p className={compact ? 'text-sm font-semibold text-ink' : 'font-semibold text-ink'}>{props.message}</p>
      {!compact && <p className="mt-1 text-sm text-ink-3">{props.hint ?? FAILED_HINT}</p>}
      {props.onRetry && (
        <Button
          variant="ghost"
          size="sm"
          className={compact ? 'mt-2' : 'mt-5'}
          onClick={props.onRetry}
          disabled={props.retrying}
          aria-busy={props.retrying || undefined}
        >
          {props.retrying ? RETRYING : RETRY}
        </Button>
      )}
    </div>
  );
}

type Shape = 'stock' | 'post' | 'line';

function SkeletonRow({ shape }: { shape: Shape }) {
  if (shape === 'stock') {
    return (
      <li className="flex items-center gap-3 py-3 sm:px-2">
        <span className="size-8 shrink-0 rounded-[10px] bg-page" />
        <span className="flex-1 space-y-1.5">
          <span className="block h-4 w-28 rounded bg-page" />
          <span className="block h-3 w-20 rounded bg-page" />
        </span>
        <span className="w-28 space-y-1.5">
          <span className="ml-auto block h-4 w-20 rounded bg-page" />
          <span className="ml-auto block h-3 w-14 rounded bg-page" />
        </span>
      </li>
    );
  }
  if (shape === 'post') {
    return (
      <li className="space-y-2 py-4 sm:px-2">
        <span className="block h-4 w-2/3 rounded bg-page" />
        <span className="block h-3.5 w-full rounded bg-page" />
        <span className="block h-3 w-24 rounded bg-page" />
      </li>
    );
  }
  return (
    <li className="py-2">
      <span className="block h-4 w-full rounded bg-page" />
    </li>
  );
}

/** Rows shaped like the list's own, pulsing, with the sentence for screen readers. */
export function ListLoading({ label, rows = 5, shape = 'stock' }: { label: string; rows?: number; shape?: Shape }) {
  return (
    <div role="status" aria-busy="true" data-list-state="loading">
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className="animate-pulse divide-y divide-line">
        {Array.from({ length: rows }, (_, i) => (
          <SkeletonRow key={i} shape={shape} />
        ))}
      </ul>
    </div>
  );
}

/** A loader's list read again (its ErrorBoundary or a section the loader could not fill). */
export function useReload() {
  const revalidator = useRevalidator();
  return { reload: () => void revalidator.revalidate(), reloading: revalidator.state === 'loading' };
}

/** Whether the page at `pathname` is loading its next list (a filter, a page, a tab in the address). */
export function useListPending(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'loading' && navigation.location.pathname === pathname;
}

/**
 * A list while its next page loads: dimmed, aria-busy, and said once to screen readers. The rows
 * stay where they are, so nothing jumps when the new ones arrive.
 */
export function PendingList({ pending, children, className = '' }: { pending: boolean; children: ReactNode; className?: string }) {
  return (
    <div aria-busy={pending || undefined} className={`transition-opacity ${pending ? 'opacity-50' : ''} ${className}`}>
      <span role="status" className="sr-only">
        {pending ? '목록을 불러오는 중…' : ''}
      </span>
      {children}
    </div>
  );
}

/**
 * A list page whose loader failed (its ErrorBoundary): the page's title stays, the list's place
 * says what could not be read, and 다시 시도 runs the loader again.
 */
export function ListPageFailed({ title, message, className = '' }: { title: string; message: string; className?: string }) {
  const { reload, reloading } = useReload();
  return (
    <div className={className}>
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <div className="rounded-card bg-white ring-1 ring-line">
        <ListFailed message={message} onRetry={reload} retrying={reloading} />
      </div>
    </div>
  );
}

/**
 * A page whose data could not come at all (the network gone on the way, the server failing): the
 * root's ErrorBoundary. 다시 시도 runs the loaders again where the visitor is; 홈으로 leaves.
 */
export function PageFailed() {
  const { reload, reloading } = useReload();
  return (
    <div className="py-12 text-center">
      <h1 className="text-2xl font-bold">일시적인 오류가 발생했습니다</h1>
      <p role="alert" className="mt-2 text-ink-2">
        페이지를 불러오지 못했습니다. 연결 상태를 확인한 뒤 다시 시도해주세요.
      </p>
      <div className="mt-6 flex justify-center gap-2">
        <Button onClick={reload} disabled={reloading} aria-busy={reloading || undefined}>
          {reloading ? RETRYING : RETRY}
        </Button>
        <a
          href="/"
          className="inline-flex h-11 items-center rounded-control bg-white px-5 font-semibold text-ink ring-1 ring-line hover:bg-page"
        >
          홈으로
        </a>
      </div>
    </div>
  );
}
