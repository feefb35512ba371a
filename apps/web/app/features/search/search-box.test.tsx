import { type CompanySearchResult, tradeMessages, type UserDetail } from '@beesang/contract';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { NotifyProvider } from '../../lib/notify';
import { SessionProvider, useSession } from '../../lib/session';
import { urgentNotice } from '../../test/dom';
import { TEST_MEMBER } from '../../test/members';
import {
  noResultsText,
  SEARCH_FAILED_TEXT,
  SEARCH_PLACEHOLDER,
  SEARCH_PLACEHOLDER_SHORT,
  SEARCH_PLACEHOLDER_SHORTEST,
  SEARCH_SLOW_MS,
  SEARCHING_TEXT,
  SearchBox,
} from './search-box';

const DEMO_PRICE = { priceSource: 'DEMO', priceAt: '2026-11-20T05:00:00.000Z', priceTradeCount: 0 } as const;
const RESULTS: CompanySearchResult[] = [
  {
    companyIdx: 1,
    companyName: '비상테크',
    companyLogoUrl: '/media/logos/900004.svg',
    beesangCode: '900004',
    companyStockCurrentPrice: 3450,
    isFavorite: false,
    ...DEMO_PRICE,
  },
  {
    companyIdx: 15,
    companyName: '비상시스템즈',
    companyLogoUrl: '',
    beesangCode: '900099',
    companyStockCurrentPrice: 12800,
    isFavorite: true,
    ...DEMO_PRICE,
  },
  {
    companyIdx: 204,
    companyName: '별빛소재',
    companyLogoUrl: '/media/logos/901427.svg',
    beesangCode: '901427',
    companyStockCurrentPrice: 20230,
    isFavorite: false,
    ...DEMO_PRICE,
  },
];

const SEARCH_PATH = '/api/v2/stock/search/';

type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
let fetchMock: FetchMock;

function json(result: unknown) {
  return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** The keywords the component asked the API for, decoded. */
function searchedKeywords() {
  return fetchMock.mock.calls.map(([input]) => {
    const url = String(input);
    expect(url.startsWith(SEARCH_PATH)).toBe(true);
    return decodeURIComponent(url.slice(SEARCH_PATH.length));
  });
}

function LoginProbe() {
  const { loginDialogOpen } = useSession();
  return loginDialogOpen ? <p>login dialog</p> : null;
}

/** The search box in the app's layout, inside a data router so navigation is real. */
function renderSearch(initialPath = '/', user: UserDetail | null = null) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <NotifyProvider>
            <SessionProvider initialUser={user}>
              <header>
                <SearchBox />
              </header>
              <LoginProbe />
              <Outlet />
            </SessionProvider>
          </NotifyProvider>
        ),
        children: [
          { index: true, element: <p>home</p> },
          { path: 'stock/:companyIdx', element: <p>stock page</p> },
          { path: 'notice', element: <p>notice page</p> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  render(<RouterProvider router={router} />);
  const input = screen.getByRole('combobox', { name: '종목 검색' }) as HTMLInputElement;
  return { router, input };
}

/** Lets timers (the debounce) run and the fetch promise chain settle. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function type(input: HTMLInputElement, value: string) {
  act(() => {
    fireEvent.change(input, { target: { value } });
  });
}

function press(input: HTMLInputElement, key: string, init: KeyboardEventInit = {}) {
  act(() => {
    fireEvent.keyDown(input, { key, ...init });
  });
}

const options = () => screen.queryAllByRole('option');
const selected = () => options().map((o) => o.getAttribute('aria-selected') === 'true');

/** Types a keyword and waits out the debounce until the results show. */
async function openWith(input: HTMLInputElement, keyword = 'ㅂㅅ') {
  type(input, keyword);
  await wait(200);
  expect(options()).toHaveLength(RESULTS.length);
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () => json(RESULTS));
  vi.stubGlobal('fetch', fetchMock);
  document.body.style.overflow = '';
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.style.overflow = '';
});

describe('debounced search', () => {
  it('sends nothing until the typing has been quiet for 200 ms, then one request for the whole keyword', async () => {
    const { input } = renderSearch();
    type(input, 'ㅂ');
    await wait(150);
    type(input, 'ㅂㅅ');
    await wait(199);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(options()).toHaveLength(0);

    await wait(1);
    expect(searchedKeywords()).toEqual(['ㅂㅅ']);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.signal).toBeInstanceOf(AbortSignal);

    const listbox = screen.getByRole('listbox', { name: '검색 결과' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['비상테크900004', '비상시스템즈900099', '별빛소재901427']);
    // The stars beside the options, one per result in the same order (not inside an option: no control in a control).
    expect(within(listbox).queryAllByRole('button')).toHaveLength(0);
    expect(
      within(screen.getByRole('group', { name: '관심 종목 추가·삭제' }))
        .getAllByRole('button')
        .map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-pressed')]),
    ).toEqual([
      ['비상테크 관심 종목에 추가', 'false'],
      ['비상시스템즈 관심 종목에서 삭제', 'true'],
      ['별빛소재 관심 종목에 추가', 'false'],
    ]);
    // The initials are highlighted where they match.
    expect(Array.from(listbox.querySelectorAll('mark')).map((m) => m.textContent)).toEqual(['비상', '비상', '빛소']);
    expect(input.getAttribute('aria-expanded')).toBe('true');

    await wait(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('trims the keyword and encodes it in the path', async () => {
    const { input } = renderSearch();
    type(input, '  비상 테크/1 ');
    await wait(200);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${SEARCH_PATH}${encodeURIComponent('비상 테크/1')}`);
  });

  it('empty (or blank) text clears the results at once without a request', async () => {
    const { input } = renderSearch();
    await openWith(input);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    type(input, '');
    expect(options()).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();
    type(input, '   ');
    await wait(1000);
    expect(options()).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a newer keyword aborts the request in flight, and a late answer is not shown', async () => {
    let answerFirst: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(
      (_input, init) =>
        new Promise<Response>((resolve, reject) => {
          answerFirst = resolve;
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    fetchMock.mockImplementationOnce(async () => json(RESULTS.slice(0, 1)));
    const { input } = renderSearch();
    type(input, '별');
    await wait(200);
    const firstSignal = fetchMock.mock.calls[0]?.[1]?.signal;
    expect(firstSignal?.aborted).toBe(false);

    type(input, '비상테크');
    expect(firstSignal?.aborted).toBe(true);
    await wait(200);
    answerFirst(json(RESULTS));
    await wait(0);
    expect(searchedKeywords()).toEqual(['별', '비상테크']);
    expect(options().map((o) => o.textContent)).toEqual(['비상테크900004']);
  });

  it('a failed search is logged (spec §8) and opens no list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ message: '서버 오류' }), { status: 500 }));
    const { input } = renderSearch();
    type(input, '비상');
    await wait(200);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(options()).toHaveLength(0);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(warn).toHaveBeenCalledWith('search failed', expect.any(Error));
  });
});

describe('keyboard', () => {
  it('ArrowDown and ArrowUp move the highlighted option, within the list, and scroll it into view', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { input } = renderSearch();
    await openWith(input);
    expect(selected()).toEqual([false, false, false]);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);

    press(input, 'ArrowDown');
    expect(selected()).toEqual([true, false, false]);
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
    expect(scrolled.mock.contexts.at(-1)).toBe(options()[0]);

    press(input, 'ArrowDown');
    press(input, 'ArrowDown');
    expect(selected()).toEqual([false, false, true]);
    expect(scrolled.mock.contexts.at(-1)).toBe(options()[2]);
    press(input, 'ArrowDown'); // stays on the last one
    expect(selected()).toEqual([false, false, true]);
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[2]?.id);

    press(input, 'ArrowUp');
    expect(selected()).toEqual([false, true, false]);
    expect(scrolled.mock.contexts.at(-1)).toBe(options()[1]);
    press(input, 'ArrowUp');
    press(input, 'ArrowUp'); // stays on the first one
    expect(selected()).toEqual([true, false, false]);
  });

  it('the arrows do nothing while the list is closed', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { input } = renderSearch();
    press(input, 'ArrowDown');
    press(input, 'ArrowUp');
    expect(scrolled).not.toHaveBeenCalled();
    await openWith(input);
    expect(selected()).toEqual([false, false, false]);
  });

  it('Enter opens the highlighted company', async () => {
    const { input, router } = renderSearch();
    await openWith(input);
    press(input, 'ArrowDown');
    press(input, 'ArrowDown');
    press(input, 'Enter');
    await wait(0);
    expect(router.state.location.pathname).toBe('/stock/15');
    expect(screen.getByText('stock page')).toBeTruthy();
  });

  it('Enter without a highlight opens the first result', async () => {
    const { input, router } = renderSearch();
    await openWith(input);
    press(input, 'Enter');
    await wait(0);
    expect(router.state.location.pathname).toBe('/stock/1');
  });

  it('Enter with no results goes nowhere', async () => {
    fetchMock.mockImplementation(async () => json([]));
    const { input, router } = renderSearch('/notice');
    type(input, '없는회사');
    await wait(200);
    press(input, 'Enter');
    await wait(0);
    expect(router.state.location.pathname).toBe('/notice');
    expect(input.value).toBe('없는회사');
  });

  it('keys pressed while an IME is composing Hangul are ignored', async () => {
    const { input, router } = renderSearch();
    await openWith(input);
    press(input, 'ArrowDown', { isComposing: true });
    expect(selected()).toEqual([false, false, false]);
    press(input, 'Enter', { isComposing: true });
    await wait(0);
    expect(router.state.location.pathname).toBe('/');
    expect(options()).toHaveLength(3);
  });

  it('Escape closes the list', async () => {
    const { input } = renderSearch();
    await openWith(input);
    press(input, 'Escape');
    expect(options()).toHaveLength(0);
    expect(document.body.style.overflow).toBe('');
  });
});

describe('the open list', () => {
  it('clicking an option opens that company; hovering highlights it', async () => {
    const { input, router } = renderSearch();
    await openWith(input);
    act(() => {
      fireEvent.mouseEnter(options()[2]!);
    });
    expect(selected()).toEqual([false, false, true]);
    act(() => {
      fireEvent.click(options()[1]!);
    });
    await wait(0);
    expect(router.state.location.pathname).toBe('/stock/15');
  });

  it('the backdrop closes the list', async () => {
    const { input, router } = renderSearch();
    await openWith(input);
    const backdrop = screen.getByTestId('search-backdrop');
    act(() => {
      fireEvent.click(backdrop);
    });
    expect(options()).toHaveLength(0);
    expect(screen.queryByTestId('search-backdrop')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(router.state.location.pathname).toBe('/');
    // The text stays, so the visitor can continue typing.
    expect(input.value).toBe('ㅂㅅ');
  });

  it('locks page scrolling only while results show, then restores the previous value', async () => {
    document.body.style.overflow = 'scroll';
    const { input } = renderSearch();
    expect(document.body.style.overflow).toBe('scroll');
    type(input, 'ㅂㅅ');
    expect(document.body.style.overflow).toBe('scroll'); // nothing shows during the debounce
    await wait(200);
    expect(document.body.style.overflow).toBe('hidden');

    act(() => {
      fireEvent.click(screen.getByTestId('search-backdrop'));
    });
    expect(document.body.style.overflow).toBe('scroll');

    await openWith(input, 'ㅂㅅㅌ');
    expect(document.body.style.overflow).toBe('hidden');
    type(input, '');
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('unmounting while open gives scrolling back', async () => {
    const { input } = renderSearch();
    await openWith(input);
    expect(document.body.style.overflow).toBe('hidden');
    cleanup();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('route changes', () => {
  it('reset the text, the results and the highlight', async () => {
    const { input, router } = renderSearch();
    await openWith(input);
    press(input, 'ArrowDown');
    await act(async () => {
      await router.navigate('/notice');
    });
    expect(input.value).toBe('');
    expect(options()).toHaveLength(0);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(document.body.style.overflow).toBe('');

    // A fresh search starts with nothing highlighted.
    await openWith(input);
    expect(selected()).toEqual([false, false, false]);
  });

  it('cancel a search that was still waiting for the debounce', async () => {
    const { input, router } = renderSearch();
    type(input, '비상');
    await wait(100);
    await act(async () => {
      await router.navigate('/stock/3');
    });
    await wait(500);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(input.value).toBe('');
  });

  it('after Enter, the new page starts with an empty search box', async () => {
    const { input, router } = renderSearch();
    await openWith(input);
    press(input, 'Enter');
    await wait(0);
    expect(router.state.location.pathname).toBe('/stock/1');
    expect(input.value).toBe('');
    expect(options()).toHaveLength(0);
    expect(document.body.style.overflow).toBe('');
  });
});

describe('the favourite star of a result', () => {
  const star = (name: string) => screen.getByRole('button', { name });

  it('opens the login dialog for a visitor, without opening the company', async () => {
    const { input, router } = renderSearch('/notice');
    await openWith(input);
    act(() => {
      fireEvent.click(star('비상테크 관심 종목에 추가'));
    });
    await wait(0);
    expect(screen.getByText('login dialog')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/notice');
    expect(fetchMock).toHaveBeenCalledTimes(1); // the search only
  });

  it('adds and removes a favourite for a member, flips the icon in place and says so', async () => {
    const { input, router } = renderSearch('/notice', TEST_MEMBER);
    await openWith(input);
    fetchMock.mockImplementation(async () => json(true));
    act(() => {
      fireEvent.click(star('비상테크 관심 종목에 추가'));
    });
    await wait(0);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/stock/add/favorite/stock/1');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(star('비상테크 관심 종목에서 삭제').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(tradeMessages.favoriteAddTitle)).toBeTruthy();
    expect(screen.getByText(tradeMessages.favoriteSuccess)).toBeTruthy();

    act(() => {
      fireEvent.click(star('비상시스템즈 관심 종목에서 삭제'));
    });
    await wait(0);
    expect(String(fetchMock.mock.calls[2]?.[0])).toBe('/api/stock/delete/favorite/stock/15');
    expect(fetchMock.mock.calls[2]?.[1]?.method).toBe('DELETE');
    expect(star('비상시스템즈 관심 종목에 추가').getAttribute('aria-pressed')).toBe('false');
    expect(router.state.location.pathname).toBe('/notice');
    expect(options()).toHaveLength(3);
  });

  it('a failure keeps the flag and shows 관심종목 추가 / 실패', async () => {
    const { input } = renderSearch('/', TEST_MEMBER);
    await openWith(input);
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ message: '처리 중 오류가 발생했습니다.' }), { status: 500 }));
    act(() => {
      fireEvent.click(star('별빛소재 관심 종목에 추가'));
    });
    await wait(0);
    expect(star('별빛소재 관심 종목에 추가').getAttribute('aria-pressed')).toBe('false');
    expect(urgentNotice().textContent).toBe(`${tradeMessages.favoriteAddTitle}${tradeMessages.favoriteFailed}`);
  });
});

describe('nothing found', () => {
  // The search box's own live region (the page's notices have another).
  const status = () => within(document.querySelector('header') as HTMLElement).getByRole('status');

  it('says so with the keyword, under a backdrop that closes it, and Escape closes it too', async () => {
    fetchMock.mockImplementation(async () => json([]));
    const { input } = renderSearch();
    expect(status().textContent).toBe(''); // the live region is there before it has something to say
    type(input, ' 없는회사 ');
    await wait(200);
    expect(status().textContent).toBe(`${noResultsText('없는회사')}종목명이나 종목코드를 다시 확인해 주세요.`);
    expect(screen.getByText('‘없는회사’에 대한 검색 결과가 없어요')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.body.style.overflow).toBe('hidden');

    act(() => {
      fireEvent.click(screen.getByTestId('search-backdrop'));
    });
    expect(status().textContent).toBe('');
    expect(document.body.style.overflow).toBe('');

    type(input, '없는회사2');
    await wait(200);
    expect(status().textContent).toContain(noResultsText('없는회사2'));
    press(input, 'Escape');
    expect(status().textContent).toBe('');
    expect(screen.queryByTestId('search-backdrop')).toBeNull();
  });

  it('gives way to the list when a keyword finds something, and goes with the text', async () => {
    fetchMock.mockImplementationOnce(async () => json([]));
    const { input } = renderSearch();
    type(input, '비상x');
    await wait(200);
    expect(status().textContent).toContain(noResultsText('비상x'));
    await openWith(input, '비상');
    expect(status().textContent).toBe('');

    fetchMock.mockImplementationOnce(async () => json([]));
    type(input, '비상xx');
    await wait(200);
    expect(status().textContent).toContain(noResultsText('비상xx'));
    type(input, '');
    expect(status().textContent).toBe('');
    expect(document.body.style.overflow).toBe('');
  });
});

describe('waiting and failing (issue 14 §1)', () => {
  const status = () => within(document.querySelector('header') as HTMLElement).getByRole('status');

  it('a slow answer says 검색하는 중… after 300 ms (a quick one shows nothing), then gives way to the results', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { input } = renderSearch();
    type(input, '비상');
    await wait(200 + SEARCH_SLOW_MS - 1);
    expect(status().textContent).toBe('');
    expect(screen.queryByTestId('search-backdrop')).toBeNull();

    await wait(1);
    expect(status().textContent).toBe(SEARCHING_TEXT);
    expect(status().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('search-backdrop')).toBeTruthy();

    answer(json(RESULTS));
    await wait(0);
    expect(options()).toHaveLength(3);
    expect(status().textContent).toBe('');
  });

  it('a failed search says so under the box (and is still logged); 다시 시도 asks again and shows what it finds', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementationOnce(async () => new Response('{}', { status: 500 }));
    const { input } = renderSearch();
    type(input, '비상');
    await wait(200);
    expect(status().textContent).toContain(SEARCH_FAILED_TEXT);
    expect(warn).toHaveBeenCalledWith('search failed', expect.any(Error));
    expect(screen.getByTestId('search-backdrop')).toBeTruthy();
    expect(options()).toHaveLength(0);

    act(() => {
      fireEvent.click(within(status()).getByRole('button', { name: '다시 시도' }));
    });
    // At once the panel says the search is under way again, and the box keeps the focus.
    expect(status().textContent).toBe(SEARCHING_TEXT);
    expect(document.activeElement).toBe(input);
    await wait(200);
    expect(searchedKeywords()).toEqual(['비상', '비상']);
    expect(options()).toHaveLength(3);
    expect(status().textContent).toBe('');
  });

  it('a failure goes with the text, with Escape and with a new keyword that finds nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementation(async () => new Response('{}', { status: 500 }));
    const { input } = renderSearch();
    type(input, '비상');
    await wait(200);
    expect(status().textContent).toContain(SEARCH_FAILED_TEXT);
    press(input, 'Escape');
    expect(status().textContent).toBe('');

    type(input, '비상x');
    await wait(200);
    expect(status().textContent).toContain(SEARCH_FAILED_TEXT);
    type(input, '');
    expect(status().textContent).toBe('');
    expect(document.body.style.overflow).toBe('');

    fetchMock.mockImplementation(async () => json([]));
    type(input, '없는회사');
    await wait(200);
    expect(status().textContent).toContain(noResultsText('없는회사'));
    expect(status().textContent).not.toContain(SEARCH_FAILED_TEXT);
  });
});

describe('layout measured from the page', () => {
  it('the backdrop and a phone’s panel start at the header’s bottom, demo banner included', async () => {
    // The header sits under the 28 px demo banner: its bottom is at 28 + 64 + 1 px.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const bottom = this.tagName === 'HEADER' ? 93 : 0;
      return { x: 0, y: 0, top: 0, left: 0, right: 0, width: 0, height: bottom, bottom, toJSON: () => ({}) } as DOMRect;
    });
    const { input } = renderSearch();
    await openWith(input);
    expect(screen.getByTestId('search-backdrop').style.top).toBe('93px');
    expect((input.closest('header')?.firstElementChild as HTMLElement).style.getPropertyValue('--below-header')).toBe('93px');
  });

  it.each([
    [40, SEARCH_PLACEHOLDER_SHORTEST],
    [70, SEARCH_PLACEHOLDER_SHORTEST],
    [142, SEARCH_PLACEHOLDER_SHORT],
    [300, SEARCH_PLACEHOLDER],
  ])('with %i px of text box the placeholder reads %j (230, 98 and 56 px wide)', (room, placeholder) => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'INPUT' ? room : 0;
    });
    const WIDTHS: Record<string, number> = { [SEARCH_PLACEHOLDER]: 230, [SEARCH_PLACEHOLDER_SHORT]: 98, [SEARCH_PLACEHOLDER_SHORTEST]: 56 };
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const width = WIDTHS[this.textContent ?? ''] ?? 0;
      return { x: 0, y: 0, top: 0, left: 0, right: width, width, height: 0, bottom: 0, toJSON: () => ({}) } as DOMRect;
    });
    const { input } = renderSearch();
    expect(input.placeholder).toBe(placeholder);
  });
});
