import {
  type CompanySearchResult,
  formatPrice,
  SEARCH_KEYWORD_MAX,
  TRADE_SEARCH_DEBOUNCE_MS,
  TRADE_SEARCH_MAX_HEIGHT,
  tradeUiMessages as t,
} from '@beesang/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { StockLogo } from '../../../components/ui/stock-logo';
import { searchCompanies } from '../shared/trade-api';
import type { TradeCompany } from '../shared/trade-draft';

type Found = { state: 'idle' } | { state: 'loading' } | { state: 'done'; items: CompanySearchResult[] };

/**
 * The modal's company box (spec §2, §5): the chosen company's logo and name, and a search that is
 * debounced 500 ms and skipped while the text is the chosen company's name. Locked on edit.
 */
export function CompanyPicker(props: { company: TradeCompany | null; locked: boolean; onChoose(found: CompanySearchResult): void }) {
  const { company, locked, onChoose } = props;
  const [text, setText] = useState(company?.companyName ?? '');
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const [cursor, setCursor] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const chosenName = company?.companyName ?? '';

  // A company chosen from outside (opening for a stock) shows its name.
  useEffect(() => {
    setText(chosenName);
    setFound({ state: 'idle' });
  }, [chosenName]);

  useEffect(() => {
    const keyword = text.trim();
    if (locked || !keyword || keyword === chosenName) {
      setFound({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setFound({ state: 'loading' });
      searchCompanies(keyword, controller.signal)
        .then((items) => {
          setFound({ state: 'done', items });
          setCursor(-1);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFound({ state: 'done', items: [] });
        });
    }, TRADE_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, chosenName, locked]);

  useEffect(() => {
    if (cursor >= 0) listRef.current?.children[cursor]?.scrollIntoView?.({ block: 'nearest' });
  }, [cursor]);

  const items = found.state === 'done' ? found.items : [];
  const open = items.length > 0;

  const choose = (item: CompanySearchResult | undefined) => {
    if (!item) return;
    onChoose(item);
    setText(item.companyName);
    setFound({ state: 'idle' });
  };
  // Leaving without a pick shows the chosen company again rather than a half-typed name.
  const abandon = () => {
    setText(chosenName);
    setFound({ state: 'idle' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown' && items.length > 0) {
      e.preventDefault();
      setCursor((c) => Math.min(c + 1, items.length - 1));
    } else if (e.key === 'ArrowUp' && items.length > 0) {
      e.preventDefault();
      setCursor((c) => Math.max(c - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(items[Math.max(cursor, 0)]);
    } else if (e.key === 'Escape' && found.state !== 'idle') {
      // Closes the list only, not the modal around it.
      e.stopPropagation();
      abandon();
    }
  };

  return (
    <div
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) abandon();
      }}
    >
      <label htmlFor={`${id}-input`} className="mb-1.5 block text-sm font-semibold text-ink-2">
        {t.companyLabel}
      </label>
      <div
        className={`flex h-12 items-center gap-2.5 rounded-control border border-line px-3 ${locked ? 'bg-page' : 'bg-white focus-within:border-brand focus-within:ring-1 focus-within:ring-brand'}`}
      >
        <StockLogo src={company?.companyLogoUrl ?? ''} name={company?.companyName || '종목'} size={28} />
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={cursor >= 0 ? `${id}-${cursor}` : undefined}
          autoComplete="off"
          maxLength={SEARCH_KEYWORD_MAX}
          value={text}
          readOnly={locked}
          placeholder={t.companyPlaceholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          // The box around it draws the focus ring; the global outline would draw a second one inside.
          style={{ outline: 'none' }}
          className="h-full min-w-0 flex-1 bg-transparent text-[16px] font-semibold outline-none placeholder:font-normal placeholder:text-ink-3 read-only:text-ink-2"
        />
        {company && company.currentPrice > 0 && text === chosenName && (
          <span className="num shrink-0 text-xs text-ink-3">
            {t.currentPrice} {formatPrice(company.currentPrice)}
          </span>
        )}
      </div>
      {found.state === 'loading' && (
        <p role="status" className="mt-1 rounded-control px-3 py-2 text-sm text-ink-3 ring-1 ring-line">
          {t.companySearching}
        </p>
      )}
      {found.state === 'done' && items.length === 0 && (
        <p role="status" className="mt-1 rounded-control px-3 py-2 text-sm text-ink-3 ring-1 ring-line">
          {t.companyNoResult}
        </p>
      )}
      {items.length > 0 && (
        <ul
          ref={listRef}
          id={`${id}-list`}
          role="listbox"
          aria-label="종목 검색 결과"
          style={{ maxHeight: TRADE_SEARCH_MAX_HEIGHT }}
          className="mt-1 overflow-y-auto rounded-control bg-white py-1 shadow-lg ring-1 ring-line"
        >
          {items.map((item, i) => (
            <li
              key={item.companyIdx}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === cursor}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
              onMouseEnter={() => setCursor(i)}
              className={`flex cursor-pointer items-center gap-2.5 px-3 py-2 ${i === cursor ? 'bg-page' : ''}`}
            >
              <StockLogo src={item.companyLogoUrl} name={item.companyName} size={28} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-[15px] font-medium">{item.companyName}</span>
                <span className="num text-xs text-ink-3">{item.beesangCode}</span>
              </span>
              <span className="num text-sm text-ink-2">{formatPrice(item.companyStockCurrentPrice)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
