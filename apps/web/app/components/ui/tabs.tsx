import { type KeyboardEvent, useId } from 'react';

/** Accessible tab list (arrow keys move between tabs). The panel is rendered by the caller. */
export function Tabs<T extends string>(props: {
  items: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange(value: T): void;
  label: string;
  className?: string;
}) {
  const { items, value, onChange, label, className = '' } = props;
  const id = useId();
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = items[(index + delta + items.length) % items.length];
    if (next) {
      onChange(next.value);
      document.getElementById(`${id}-${next.value}`)?.focus();
    }
  };
  return (
    <div role="tablist" aria-label={label} className={`flex gap-1 overflow-x-auto ${className}`}>
      {items.map((item, i) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            id={`${id}-${item.value}`}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            onKeyDown={(e) => onKey(e, i)}
            className={`shrink-0 rounded-full px-3.5 py-1.5 text-sm font-semibold transition-colors ${selected ? 'bg-ink text-white' : 'bg-white text-ink-2 ring-1 ring-line hover:bg-page'}`}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
