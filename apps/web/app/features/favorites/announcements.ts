import type { StockSummary } from '@beesang/contract';
import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';

/** What the screen reader hears while a favourite is moved (Korean). */
export const announce = {
  grabbed: (name: string, at: number, count: number) =>
    `${name} 종목을 잡았습니다. ${count}개 중 ${at}번째입니다. 위·아래 화살표로 옮기고 스페이스바로 내려놓으세요.`,
  moved: (name: string, at: number, count: number) => `${name}, ${count}개 중 ${at}번째`,
  dropped: (name: string, at: number, count: number) => `${name} 종목을 ${count}개 중 ${at}번째에 놓았습니다.`,
  cancelled: (name: string, at: number) => `순서 바꾸기를 취소했습니다. ${name} 종목은 ${at}번째 그대로입니다.`,
  edge: (name: string, at: number, count: number) => `${name} 종목은 이미 ${count}개 중 ${at}번째입니다.`,
};

/**
 * dnd-kit's announcements for `items` (the order before the drag: dnd-kit only moves the rows
 * visually until the drop), worded as above. Positions are 1-based.
 */
export function reorderAnnouncements(items: readonly StockSummary[]): Announcements {
  const count = items.length;
  const at = (id: UniqueIdentifier) => items.findIndex((s) => s.companyIdx === id) + 1;
  const name = (id: UniqueIdentifier) => items.find((s) => s.companyIdx === id)?.companyName ?? '';
  // A drag starts over its own row: that first "over" would talk over the grab, so it stays silent.
  let started = false;
  return {
    onDragStart: ({ active }) => {
      started = true;
      return announce.grabbed(name(active.id), at(active.id), count);
    },
    onDragOver: ({ active, over }) => {
      const first = started;
      started = false;
      if (!over || (first && over.id === active.id)) return undefined;
      return announce.moved(name(active.id), at(over.id), count);
    },
    onDragEnd: ({ active, over }) =>
      over ? announce.dropped(name(active.id), at(over.id), count) : announce.cancelled(name(active.id), at(active.id)),
    onDragCancel: ({ active }) => announce.cancelled(name(active.id), at(active.id)),
  };
}
