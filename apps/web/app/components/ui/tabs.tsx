import { type ReactNode, useId, useState } from 'react';
import { onDemand } from '../../lib/on-demand';

export interface TabListProps<T extends string> {
  id: string;
  items: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange(value: T): void;
  label: string;
  className: string;
  /** A stand-in tab had focus when the real list arrived: the same tab takes it. */
  hadFocus: boolean;
}

export const TAB_CLASS =
  'shrink-0 rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-ink-2 ring-1 ring-line transition-colors hover:bg-page aria-selected:bg-ink aria-selected:text-white aria-selected:ring-ink';

/** The ids that tie a tab and the panel together (the panel shows the selected tab's content). */
export const tabIds = (id: string, value: string) => ({ tab: `${id}-tab-${value}`, panel: `${id}-panel` });

type StandIn = TabListProps<string> & { onFocusChange(focused: boolean): void };

// The list's keyboard model (tabs-list.tsx, Radix's Tabs) arrives right after the page is
// interactive, not with it: the server renders the same tabs, which a click already switches.
const radixList = onDemand<StandIn>(() => import('./tabs-list').then((m) => m.TabsList as (p: StandIn) => ReactNode), {
  fallback: ({ id, items, value, onChange, label, className, onFocusChange }) => (
    <div role="tablist" aria-label={label} aria-orientation="horizontal" className={className}>
      {items.map((item) => {
        const ids = tabIds(id, item.value);
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            // On press, as Radix's tabs do: a click whose press came before the swap still selects.
            onMouseDown={(e) => e.button === 0 && onChange(item.value)}
            onClick={() => onChange(item.value)}
            onFocus={() => onFocusChange(true)}
            onBlur={() => onFocusChange(false)}
            className={TAB_CLASS}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  ),
});

/** Fetches the tab list's code now (tests; the page fetches it right after it is interactive). */
export const preloadTabs = radixList.preload;

/**
 * Tabs: a tab list (Radix, decision 0021: ←/→, Home and End, `aria-controls`) and one panel
 * showing `children`, the selected tab's content, labelled by its tab.
 */
export function Tabs<T extends string>(props: {
  items: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange(value: T): void;
  label: string;
  className?: string;
  panelClassName?: string;
  /** Props for the element around the tab list (e.g. preload on hover or focus). */
  listWrapper?: { onPointerEnter?(): void; onFocus?(): void };
  children: ReactNode;
}) {
  const { items, value, onChange, label, className = '', panelClassName = '', listWrapper, children } = props;
  const id = useId();
  const [hadFocus, setHadFocus] = useState(false);
  const ids = tabIds(id, value);
  const list = (
    <radixList.Component
      id={id}
      items={items}
      value={value}
      onChange={onChange as (value: string) => void}
      label={label}
      className={`flex gap-1 overflow-x-auto ${className}`}
      hadFocus={hadFocus}
      onFocusChange={setHadFocus}
    />
  );
  return (
    <div>
      {listWrapper ? <div {...listWrapper}>{list}</div> : list}
      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
