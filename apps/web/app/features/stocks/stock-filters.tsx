import { MARKET_LABEL_TEXT, MARKET_LABELS, SECTOR_TEXT, SECTORS, STOCK_SORT_TEXT, STOCK_SORTS } from '@beesang/contract';
import { useId } from 'react';
import { useNavigation, useSearchParams } from 'react-router';

type Option = { value: string; label: string };

const LABEL_OPTIONS: Option[] = [
  { value: '', label: '전체 시장' },
  ...MARKET_LABELS.map((l) => ({ value: l, label: MARKET_LABEL_TEXT[l] })),
];
const SECTOR_OPTIONS: Option[] = [{ value: '', label: '전체 업종' }, ...SECTORS.map((s) => ({ value: s, label: SECTOR_TEXT[s] }))];
const SORT_OPTIONS: Option[] = STOCK_SORTS.map((s) => ({ value: s, label: STOCK_SORT_TEXT[s] }));
const ORDER_OPTIONS: Option[] = [
  { value: 'desc', label: '높은 순' },
  { value: 'asc', label: '낮은 순' },
];

function FilterSelect(props: { label: string; value: string; options: Option[]; onChange(value: string): void }) {
  const id = useId();
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className="h-10 rounded-control bg-white px-3 text-[15px] ring-1 ring-line focus:ring-2 focus:ring-brand focus:outline-none"
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** Label, sector and sort controls; all state lives in the URL. */
export function StockFilters() {
  const [current, setSearch] = useSearchParams();
  const navigation = useNavigation();
  // While the new list loads, the controls already show what was chosen.
  const search = navigation.location?.pathname === '/stock' ? new URLSearchParams(navigation.location.search) : current;
  const update = (key: string) => (value: string) => {
    // From the choice still on its way, else from the address as it is now: a render's copy can lag
    // a navigation that has just ended, and a second quick change would then drop the first.
    const pending = navigation.location?.pathname === '/stock' ? navigation.location.search : null;
    const next = new URLSearchParams(pending ?? (typeof window === 'undefined' ? search : window.location.search));
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setSearch(next);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <FilterSelect label="시장 구분" value={search.get('label') ?? ''} options={LABEL_OPTIONS} onChange={update('label')} />
      <FilterSelect label="업종" value={search.get('sector') ?? ''} options={SECTOR_OPTIONS} onChange={update('sector')} />
      <FilterSelect label="정렬" value={search.get('sort') ?? 'marketCap'} options={SORT_OPTIONS} onChange={update('sort')} />
      <FilterSelect label="정렬 방향" value={search.get('order') ?? 'desc'} options={ORDER_OPTIONS} onChange={update('order')} />
    </div>
  );
}
