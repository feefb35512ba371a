import { MARKET_LABEL_TEXT, MARKET_LABELS, SECTOR_TEXT, SECTORS, STOCK_SORT_TEXT, STOCK_SORTS } from '@beesang/contract';
import { useNavigation, useSearchParams } from 'react-router';

/** Label, sector and sort controls; all state lives in the URL. */
export function StockFilters() {
  const [current, setSearch] = useSearchParams();
  const navigation = useNavigation();
  // While the new list loads, the controls already show what was chosen.
  const search = navigation.location?.pathname === '/stock' ? new URLSearchParams(navigation.location.search) : current;
  const update = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setSearch(next);
  };
  const select = 'h-10 rounded-control bg-white px-3 text-[15px] ring-1 ring-line focus:ring-2 focus:ring-brand focus:outline-none';
  return (
    <div className="flex flex-wrap gap-2">
      <label className="sr-only" htmlFor="f-label">
        시장 구분
      </label>
      <select id="f-label" className={select} value={search.get('label') ?? ''} onChange={(e) => update('label', e.target.value)}>
        <option value="">전체 시장</option>
        {MARKET_LABELS.map((l) => (
          <option key={l} value={l}>
            {MARKET_LABEL_TEXT[l]}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="f-sector">
        업종
      </label>
      <select id="f-sector" className={select} value={search.get('sector') ?? ''} onChange={(e) => update('sector', e.target.value)}>
        <option value="">전체 업종</option>
        {SECTORS.map((s) => (
          <option key={s} value={s}>
            {SECTOR_TEXT[s]}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="f-sort">
        정렬
      </label>
      <select id="f-sort" className={select} value={search.get('sort') ?? 'marketCap'} onChange={(e) => update('sort', e.target.value)}>
        {STOCK_SORTS.map((s) => (
          <option key={s} value={s}>
            {STOCK_SORT_TEXT[s]}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="f-order">
        정렬 방향
      </label>
      <select id="f-order" className={select} value={search.get('order') ?? 'desc'} onChange={(e) => update('order', e.target.value)}>
        <option value="desc">높은 순</option>
        <option value="asc">낮은 순</option>
      </select>
    </div>
  );
}
