/** `list` with the item at `from` moved to `to` (both clamped); the same array when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return list as T[];
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

export const sameOrder = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
