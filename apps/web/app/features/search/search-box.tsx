import { type CompanySearchResult, HEADER_SEARCH_DEBOUNCE_MS, HEADER_SEARCH_MAX_HEIGHT, SEARCH_KEYWORD_MAX } from '@beesang/contract';
import { type CSSProperties, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { Button } from '../../components/ui/button';
import { RETRY } from '../../components/ui/list-state';
import { StockLogo } from '../../components/ui/stock-logo';
import { useFavoriteToggle } from '../../lib/use-favorite-toggle';
import { Highlight } from './highlight';
import { searchCompanies } from './search-api';
import { useBelowHeader } from './use-below-header';
import { useFittingPlaceholder } from './use-fitting-placeholder';

export const SEARCH_PLACEHOLDER = '종목명 또는 종목코드를 입력하세요';
/** The same request where the full sentence would be clipped (a phone's header). */
export const SEARCH_PLACEHOLDER_SHORT = '종목명 또는 코드';
/** Narrower still (a phone's header with 메시지 and the bell, issue 23). */
export const SEARCH_PLACEHOLDER_SHORTEST = '종목 검색';

/** The sentence shown when a search found nothing. */
export const noResultsText = (keyword: string) => `‘${keyword}’에 대한 검색 결과가 없어요`;
export const SEARCHING_TEXT = '검색하는 중…';
export const SEARCH_FAILED_TEXT = '검색 결과를 불러오지 못했어요';
/** How long an answer may take before the panel says it is on its way (a quick one shows no flash). */
export const SEARCH_SLOW_MS = 300;

/** Header company search (spec §2, §5): debounced, keyboard-driven, scroll-locking. */
export function SearchBox() {
  const [text, setText] = useState('');
  const [results, setResults] = useState<CompanySearchResult[]>([]);
  /** The keyword the shown answer is for; null while nothing is shown (typing, closed, failed). */
  const [answered, setAnswered] = useState<string | null>(null);
  const [cursor, setCursor] = useState(-1);
  /** An answer is taking longer than SEARCH_SLOW_MS. */
  const [slow, setSlow] = useState(false);
  /** The keyword whose search failed (issue 14 §1: said, with 다시 시도; still logged as spec §8 has it). */
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const toggleFavorite = useFavoriteToggle();
  const revalidator = useRevalidator();
  const open = results.length > 0;
  const noResults = answered !== null && !open;
  // One sentence at a time in the panel: a slow answer, a failure, or nothing found.
  const note = open ? null : slow ? 'searching' : failed !== null ? 'failed' : noResults ? 'empty' : null;
  const panelShown = open || note !== null;
  const belowHeader = useBelowHeader(inputRef, panelShown);
  const placeholder = useFittingPlaceholder(inputRef, SEARCH_PLACEHOLDER, SEARCH_PLACEHOLDER_SHORT, SEARCH_PLACEHOLDER_SHORTEST);
  const close = () => {
    setResults([]);
    setAnswered(null);
    setFailed(null);
    setSlow(false);
  };

  // Reset on route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input
  useEffect(() => {
    setText('');
    close();
    setCursor(-1);
  }, [pathname]);

  // 200 ms debounce; empty text clears the list; a failure is logged (spec §8) and said, with 다시 시도.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry's trigger
  useEffect(() => {
    const keyword = text.trim();
    if (!keyword) {
      close();
      setCursor(-1);
      return;
    }
    const controller = new AbortController();
    let slowTimer: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      slowTimer = setTimeout(() => setSlow(true), SEARCH_SLOW_MS);
      searchCompanies(keyword, controller.signal)
        .then((found) => {
          setResults(found);
          setAnswered(keyword);
          setFailed(null);
          setCursor(-1);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('search failed', error);
          setResults([]);
          setAnswered(null);
          setFailed(keyword);
        })
        .finally(() => {
          clearTimeout(slowTimer);
          if (!controller.signal.aborted) setSlow(false);
        });
    }, HEADER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(slowTimer);
      controller.abort();
    };
  }, [text, attempt]);

  const retry = () => {
    setFailed(null);
    setSlow(true);
    setAttempt((n) => n + 1);
    inputRef.current?.focus();
  };

  // Page scroll is locked while results (or the sentence that there are none) show.
  useEffect(() => {
    if (!panelShown) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [panelShown]);

  useEffect(() => {
    if (cursor < 0) return;
    listRef.current?.children[cursor]?.scrollIntoView?.({ block: 'nearest' });
  }, [cursor]);

  // Spec §4 favourite toggle from a result: a visitor gets the login dialog, a member the flag flipped in place.
  const star = async (item: CompanySearchResult) => {
    const next = await toggleFavorite(item.companyIdx, item.isFavorite);
    if (next === null || next === item.isFavorite) return;
    setResults((list) => list.map((r) => (r.companyIdx === item.companyIdx ? { ...r, isFavorite: next } : r)));
    // The page behind may show the same flag (a stock's star, the favourites list): read it again.
    void revalidator.revalidate();
  };

  const go = (item: CompanySearchResult | undefined) => {
    if (item) navigate(`/stock/${item.companyIdx}`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown' && open) {
      e.preventDefault();
      setCursor((c) => Math.min(c + 1, results.length - 1));
    } else if (e.key === 'ArrowUp' && open) {
      e.preventDefault();
      setCursor((c) => Math.max(c - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(results[Math.max(cursor, 0)]);
    } else if (e.key === 'Escape') {
      close();
    }
  };

  // Under the box on a wide screen; on a phone the box is narrow, so the panel spans the screen below the header.
  const panel =
    'absolute top-12 right-0 left-0 rounded-card bg-white shadow-xl ring-1 ring-line max-md:fixed max-md:top-(--below-header) max-md:rounded-t-none';
  return (
    <div className="relative w-full" style={{ '--below-header': `${belowHeader}px` } as CSSProperties}>
      {panelShown && (
        <div
          data-testid="search-backdrop"
          className="fixed inset-x-0 bottom-0 z-30 bg-black/40"
          style={{ top: belowHeader }}
          onClick={close}
          aria-hidden="true"
        />
      )}
      <div className="relative z-40">
        <label htmlFor={`${listId}-input`} className="sr-only">
          종목 검색
        </label>
        <svg
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-3"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          id={`${listId}-input`}
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={cursor >= 0 ? `${listId}-${cursor}` : undefined}
          autoComplete="off"
          maxLength={SEARCH_KEYWORD_MAX}
          value={text}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="h-10 w-full rounded-full bg-page pr-2 pl-10 text-[15px] md:pr-4 ring-1 ring-line placeholder:text-ink-3 focus:bg-white focus:ring-2 focus:ring-brand focus:outline-none"
        />
        {open && (
          // The stars sit beside the options, not inside them: an option is one control, and a
          // button within it would be a control nested in another (axe: nested-interactive).
          // Both columns share the panel's rows (subgrid), so each star stays on its result's line.
          <div
            style={{ maxHeight: HEADER_SEARCH_MAX_HEIGHT, gridTemplateRows: `repeat(${results.length}, auto)` }}
            className={`${panel} grid grid-cols-[minmax(0,1fr)_auto] overflow-y-auto`}
          >
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label="검색 결과"
              className="col-span-2 col-start-1 row-span-full row-start-1 grid grid-rows-subgrid py-2"
            >
              {results.map((item, i) => (
                <li
                  key={item.companyIdx}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === cursor}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => go(item)}
                  onMouseEnter={() => setCursor(i)}
                  className={`flex cursor-pointer items-center gap-3 py-2.5 pr-12 pl-4 ${i === cursor ? 'bg-page' : ''}`}
                >
                  <StockLogo src={item.companyLogoUrl} name={item.companyName} size={32} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">
                      <Highlight text={item.companyName} query={text} />
                    </span>
                    <span className="num text-xs text-ink-3">{item.beesangCode}</span>
                  </span>
                </li>
              ))}
            </ul>
            <div
              role="group"
              aria-label="관심 종목 추가·삭제"
              data-testid="search-stars"
              className="pointer-events-none col-start-2 row-span-full row-start-1 grid grid-rows-subgrid py-2 pr-4"
            >
              {results.map((item) => (
                <button
                  key={item.companyIdx}
                  type="button"
                  tabIndex={-1}
                  aria-pressed={item.isFavorite}
                  aria-label={item.isFavorite ? `${item.companyName} 관심 종목에서 삭제` : `${item.companyName} 관심 종목에 추가`}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => void star(item)}
                  className={`pointer-events-auto -m-1.5 self-center justify-self-end rounded-control p-1.5 hover:bg-line/60 ${item.isFavorite ? 'text-warning' : 'text-ink-3/50 hover:text-ink-3'}`}
                >
                  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                    <path
                      fill={item.isFavorite ? 'currentColor' : 'none'}
                      stroke="currentColor"
                      strokeWidth="1.6"
                      strokeLinejoin="round"
                      d="M12 2.5l2.9 6.1 6.6.8-4.9 4.5 1.3 6.6L12 17.3l-5.9 3.2 1.3-6.6L2.5 9.4l6.6-.8z"
                    />
                  </svg>
                </button>
              ))}
            </div>
          </div>
        )}
        {/* Present while closed too, so the sentence is announced when it appears. */}
        <div
          role="status"
          aria-busy={note === 'searching' || undefined}
          data-search-note={note ?? undefined}
          className={note ? `${panel} px-5 py-6 text-center` : 'sr-only'}
        >
          {note === 'searching' && <p className="text-ink-2">{SEARCHING_TEXT}</p>}
          {note === 'failed' && (
            <>
              <p className="font-semibold text-ink">{SEARCH_FAILED_TEXT}</p>
              <p className="mt-1 text-sm text-ink-3">연결 상태를 확인한 뒤 다시 시도해 주세요.</p>
              <Button variant="ghost" size="sm" className="mt-4" onMouseDown={(e) => e.preventDefault()} onClick={retry}>
                {RETRY}
              </Button>
            </>
          )}
          {note === 'empty' && (
            <>
              <p className="font-semibold break-all text-ink">{noResultsText(answered ?? '')}</p>
              <p className="mt-1 text-sm text-ink-3">종목명이나 종목코드를 다시 확인해 주세요.</p>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
