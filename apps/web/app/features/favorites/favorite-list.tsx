import { type StockSummary, communityMessages as t } from '@beesang/contract';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { type ReactNode, type PointerEvent as ReactPointerEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { announce, reorderAnnouncements } from './announcements';
import { FavoriteRow } from './favorite-row';

/**
 * Mouse and pen start a drag after 4 px of movement; a finger is left to the touch sensor below,
 * which waits for a press held still, so a swipe across the handles still scrolls the page.
 */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: e }: ReactPointerEvent) => e.isPrimary && e.button === 0 && e.pointerType !== 'touch',
    },
  ];
}

/** The list only ever moves up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
const MODIFIERS = [verticalOnly];

/**
 * The member's favourites, reorderable three ways (dnd-kit): drag the handle with a mouse, pen or
 * finger (held for a moment), focus it and press Space, move with ↑/↓ and Space again to drop (Esc
 * cancels), or the plain ↑/↓ buttons. dnd-kit announces each step in Korean and describes the
 * handle with the instructions; `onReorder` gets the new order once per drop.
 */
export function FavoriteList(props: {
  items: StockSummary[];
  onReorder(next: StockSummary[]): void;
  onRemove(item: StockSummary): void;
  /** What the page adds to each row (the new-listing alert). */
  rowExtra?(item: StockSummary): ReactNode;
}) {
  const { items, onReorder } = props;
  // The id makes dnd-kit's aria-describedby the same on the server and in the browser.
  const dndId = useId();
  const [dragging, setDragging] = useState(false);
  // What the ↑/↓ buttons did (dnd-kit's own live region speaks for drags).
  const [stepMessage, setStepMessage] = useState('');
  const focusAfterMove = useRef<HTMLElement | null>(null);
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useMemo(
    () => ({ announcements: reorderAnnouncements(items), screenReaderInstructions: { draggable: t.favoriteReorderHelp } }),
    [items],
  );
  const ids = useMemo(() => items.map((s) => s.companyIdx), [items]);
  const count = items.length;

  // A ↑/↓ button whose row React moved in the DOM can lose focus: put it back.
  useLayoutEffect(() => {
    const el = focusAfterMove.current;
    if (el && document.activeElement !== el) el.focus();
    focusAfterMove.current = null;
  });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(false);
    const from = ids.indexOf(Number(active.id));
    const to = over ? ids.indexOf(Number(over.id)) : -1;
    if (from < 0 || to < 0 || from === to) return;
    onReorder(arrayMove(items, from, to));
  };

  const onStep = (e: { currentTarget: HTMLElement }, item: StockSummary, delta: -1 | 1) => {
    if (dragging) return;
    const at = ids.indexOf(item.companyIdx);
    const to = at + delta;
    if (to < 0 || to >= count) {
      setStepMessage(announce.edge(item.companyName, at + 1, count));
      return;
    }
    focusAfterMove.current = e.currentTarget;
    setStepMessage(announce.dropped(item.companyName, to + 1, count));
    onReorder(arrayMove(items, at, to));
  };

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={MODIFIERS}
      accessibility={accessibility}
      onDragStart={() => setDragging(true)}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(false)}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="divide-y divide-line" aria-label="관심 종목 목록" data-testid="favorite-list">
          {items.map((item, i) => (
            <FavoriteRow
              key={item.companyIdx}
              item={item}
              position={i + 1}
              count={count}
              onUp={(e) => onStep(e, item, -1)}
              onDown={(e) => onStep(e, item, 1)}
              onRemove={() => props.onRemove(item)}
              extra={props.rowExtra?.(item)}
            />
          ))}
        </ol>
      </SortableContext>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="step-status">
        {stepMessage}
      </div>
    </DndContext>
  );
}
