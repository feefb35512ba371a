import * as RadixTabs from '@radix-ui/react-tabs';
import { useEffect, useRef } from 'react';
import { TAB_CLASS, type TabListProps, tabIds } from './tabs';

/**
 * The tab list on Radix (decision 0021): ←/→, Home and End move between the tabs and select them
 * (automatic activation), and only the selected tab is in the Tab order. The panel is tabs.tsx's,
 * so that swapping the stand-in list for this one never remounts what the panel shows; the ids tie
 * each tab to it.
 */
export function TabsList<T extends string>({ id, items, value, onChange, label, className, hadFocus }: TabListProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  // Taking the stand-in's place while one of its tabs had focus: the same tab here takes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when this replaces the stand-in
  useEffect(() => {
    if (hadFocus) list.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, []);
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onChange(next as T)} activationMode="automatic">
      <RadixTabs.List ref={list} aria-label={label} className={className}>
        {items.map((item) => {
          const ids = tabIds(id, item.value);
          return (
            <RadixTabs.Trigger key={item.value} value={item.value} id={ids.tab} aria-controls={ids.panel} className={TAB_CLASS}>
              {item.label}
            </RadixTabs.Trigger>
          );
        })}
      </RadixTabs.List>
    </RadixTabs.Root>
  );
}
