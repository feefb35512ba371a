import { type StockSummary, communityMessages as t } from '@beesang/contract';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { announce } from './announcements';
import { FavoriteRow } from './favorite-row';
import { moveItem } from './reorder';

type Mode = { kind: 'idle' } | { kind: 'keyboard' | 'pointer'; id: number; before: StockSummary[] };

/** Pixels from the window's edge where a drag scrolls the page. */
const EDGE = 72;

/**
 * The member's favourites, reorderable three ways: drag the handle (pointer events, so mouse, pen
 * and touch alike), grab it with Space or Enter and move with ↑/↓ (Space/Enter drops, Esc cancels),
 * or the ↑/↓ buttons. Each step is announced in Korean through an aria-live region. `onReorder`
 * gets the new order once it is dropped; the list is the caller's again after that.
 */
export function FavoriteList(props: { items: StockSummary[]; onReorder(next: StockSummary[]): void; onRemove(item: StockSummary): void }) {
  const { items, onReorder } = props;
  const [view, setView] = useState(items);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [message, setMessage] = useState('');
  const rows = useRef(new Map<number, HTMLLIElement>());
  const focusAfterMove = useRef<HTMLElement | null>(null);
  const helpId = useId();
  const count = view.length;

  // The caller's list is the truth whenever nothing is being moved.
  useEffect(() => {
    if (mode.kind === 'idle') setView(items);
  }, [items, mode.kind]);

  // Moving a keyed row moves its DOM node, which can drop focus: put it back on the control used.
  useLayoutEffect(() => {
    const el = focusAfterMove.current;
    if (el && document.activeElement !== el) el.focus();
    focusAfterMove.current = null;
  });

  const indexOf = (id: number, list = view) => list.findIndex((s) => s.companyIdx === id);
  const finish = (next: StockSummary[], before: StockSummary[]) => {
    setMode({ kind: 'idle' });
    if (next.some((s, i) => s.companyIdx !== before[i]?.companyIdx)) onReorder(next);
  };

  const onHandleKey = (e: KeyboardEvent<HTMLButtonElement>, item: StockSummary) => {
    const at = indexOf(item.companyIdx);
    const grabbed = mode.kind === 'keyboard' && mode.id === item.companyIdx;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (!grabbed) {
        setMode({ kind: 'keyboard', id: item.companyIdx, before: view });
        setMessage(announce.grabbed(item.companyName, at + 1, count));
      } else {
        setMessage(announce.dropped(item.companyName, at + 1, count));
        finish(view, mode.before);
      }
    } else if (grabbed && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = at + (e.key === 'ArrowUp' ? -1 : 1);
      if (to < 0 || to >= count) {
        setMessage(announce.edge(item.companyName, at + 1, count));
        return;
      }
      focusAfterMove.current = e.currentTarget;
      setView(moveItem(view, at, to));
      setMessage(announce.moved(item.companyName, to + 1, count));
    } else if (grabbed && e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setView(mode.before);
      setMode({ kind: 'idle' });
      setMessage(announce.cancelled(item.companyName, indexOf(item.companyIdx, mode.before) + 1));
    } else if (grabbed && e.key === 'Tab') {
      // Leaving the handle drops the item where it is.
      setMessage(announce.dropped(item.companyName, at + 1, count));
      finish(view, mode.before);
    }
  };

  const onStep = (e: { currentTarget: HTMLElement }, item: StockSummary, delta: -1 | 1) => {
    if (mode.kind !== 'idle') return;
    const at = indexOf(item.companyIdx);
    const to = at + delta;
    if (to < 0 || to >= count) {
      setMessage(announce.edge(item.companyName, at + 1, count));
      return;
    }
    focusAfterMove.current = e.currentTarget;
    const next = moveItem(view, at, to);
    setView(next);
    setMessage(announce.dropped(item.companyName, to + 1, count));
    onReorder(next);
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>, item: StockSummary) => {
    if (e.button !== 0 || mode.kind !== 'idle') return;
    e.preventDefault(); // no text selection, no focus ring flash
    setMode({ kind: 'pointer', id: item.companyIdx, before: view });
  };

  // While dragging, the window follows the pointer: the handle's own row moves in the DOM as the
  // order changes, which would end a pointer capture on it.
  const live = useRef({ view, onReorder });
  live.current = { view, onReorder };
  useEffect(() => {
    if (mode.kind !== 'pointer') return;
    const { id, before } = mode;
    const move = (e: globalThis.PointerEvent) => {
      if (e.clientY < EDGE) window.scrollBy(0, -12);
      else if (e.clientY > window.innerHeight - EDGE) window.scrollBy(0, 12);
      const current = live.current.view;
      // The slot is the number of other rows whose middle is above the pointer.
      let slot = 0;
      for (const s of current) {
        if (s.companyIdx === id) continue;
        const rect = rows.current.get(s.companyIdx)?.getBoundingClientRect();
        if (rect && e.clientY > rect.top + rect.height / 2) slot++;
      }
      const at = current.findIndex((s) => s.companyIdx === id);
      if (slot === at) return;
      const next = moveItem(current, at, slot);
      live.current.view = next;
      setView(next);
    };
    const up = () => {
      const current = live.current.view;
      const at = current.findIndex((s) => s.companyIdx === id);
      const item = current[at];
      if (item) setMessage(announce.dropped(item.companyName, at + 1, current.length));
      setMode({ kind: 'idle' });
      if (current.some((s, i) => s.companyIdx !== before[i]?.companyIdx)) live.current.onReorder(current);
    };
    const cancel = () => {
      setView(before);
      setMode({ kind: 'idle' });
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
    };
  }, [mode]);

  return (
    <>
      <p id={helpId} className="sr-only">
        {t.favoriteReorderHelp}
      </p>
      <ol className="divide-y divide-line" aria-label="관심 종목 목록" data-testid="favorite-list">
        {view.map((item, i) => (
          <FavoriteRow
            key={item.companyIdx}
            ref={(el) => {
              if (el) rows.current.set(item.companyIdx, el);
              else rows.current.delete(item.companyIdx);
            }}
            item={item}
            position={i + 1}
            count={count}
            helpId={helpId}
            lifted={mode.kind !== 'idle' && mode.id === item.companyIdx}
            handle={{
              onKeyDown: (e) => onHandleKey(e, item),
              onPointerDown: (e) => onPointerDown(e, item),
            }}
            onUp={(e) => onStep(e, item, -1)}
            onDown={(e) => onStep(e, item, 1)}
            onRemove={() => props.onRemove(item)}
          />
        ))}
      </ol>
      <div aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="reorder-status">
        {message}
      </div>
    </>
  );
}
