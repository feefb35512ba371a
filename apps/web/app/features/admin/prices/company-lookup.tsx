import { type CompanySearchResult, formatPrice, TRADE_SEARCH_DEBOUNCE_MS } from '@beesang/contract';
import { useEffect, useId, useState } from 'react';
import { RETRY } from '../../../components/ui/list-state';
import { StockLogo } from '../../../components/ui/stock-logo';
import { CONTROL } from '../shared/field';
import { findCompanies } from './prices-api';

type Found = { state: 'idle' } | { state: 'loading' } | { state: 'failed' } | { state: 'done'; items: CompanySearchResult[] };

/** Finds a company by name, code or 초성 (the public search) and hands the chosen one up. */
export function CompanyLookup({ onChoose }: { onChoose(company: CompanySearchResult): void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry's trigger
  useEffect(() => {
    const keyword = text.trim();
    if (!keyword) return setFound({ state: 'idle' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setFound({ state: 'loading' });
      findCompanies(keyword, controller.signal)
        .then((items) => setFound({ state: 'done', items: items.slice(0, 8) }))
        .catch(() => !controller.signal.aborted && setFound({ state: 'failed' }));
    }, TRADE_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, attempt]);

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink-2">
        종목 찾기
      </label>
      <input
        id={id}
        className={CONTROL}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="종목명, 코드 또는 초성"
        maxLength={50}
        autoComplete="off"
      />
      <div aria-live="polite" className="mt-2">
        {found.state === 'loading' && <p className="text-sm text-ink-3">찾는 중…</p>}
        {found.state === 'failed' && (
          <p role="alert" className="flex flex-wrap items-center gap-x-2 text-sm text-danger">
            종목을 찾지 못했습니다.
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              className="font-semibold text-brand underline-offset-2 hover:underline"
            >
              {RETRY}
            </button>
          </p>
        )}
        {found.state === 'done' && found.items.length === 0 && (
          <p className="text-sm text-ink-3">‘{text.trim()}’에 맞는 종목이 없습니다.</p>
        )}
        {found.state === 'done' && found.items.length > 0 && (
          <ul className="divide-y divide-line rounded-control ring-1 ring-line">
            {found.items.map((c) => (
              <li key={c.companyIdx}>
                <button
                  type="button"
                  onClick={() => {
                    onChoose(c);
                    setText('');
                  }}
                  className="flex w-full items-center gap-2 px-3 py-2 text-left hover:bg-page"
                >
                  <StockLogo src={c.companyLogoUrl} name={c.companyName} size={24} />
                  <span className="font-semibold">{c.companyName}</span>
                  <span className="text-xs text-ink-3">{c.beesangCode}</span>
                  <span className="num ml-auto text-sm">{formatPrice(c.companyStockCurrentPrice)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
