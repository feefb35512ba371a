/**
 * Calls the web makes, written against the types openapi-typescript generates from the API
 * document: `npm run lint:openapi` type-checks this file (never runs it), so a document that would
 * give the mobile app's generated client a wrong shape — a parameter its path does not have, a
 * missing operationId, a body or answer that is not what the route takes and gives — fails CI.
 * `beesang-api` exists only in that check: lint.ts maps it to the generated file.
 */
import type { operations, paths } from 'beesang-api';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type MethodsOf<P extends keyof paths> = { [M in Method]: paths[P][M] extends { responses: unknown } ? M : never }[Method];
type Operation<P extends keyof paths, M extends Method> = Extract<paths[P][M], { responses: unknown }>;

type Params<O> = O extends { parameters: infer X } ? X : never;
type PathPart<O> = Params<O> extends { path: infer X } ? { path: X } : { path?: never };
type QueryPart<O> = Params<O> extends { query: infer X } ? { query: X } : Params<O> extends { query?: infer X } ? { query?: X } : never;
type BodyPart<O> = O extends { requestBody?: never }
  ? { body?: never }
  : O extends { requestBody: { content: { 'application/json': infer B } } }
    ? { body: B }
    : O extends { requestBody?: { content: { 'application/json': infer B } } }
      ? { body?: B }
      : never;
type Json<R> = R extends { content: { 'application/json': infer J } } ? J : null;
type Success<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? Json<R[200]>
    : 201 extends keyof R
      ? Json<R[201]>
      : 204 extends keyof R
        ? null
        : never
  : never;

/** The error body of every 4xx (Korean `message`, a `code`, and per-field reasons). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: { message: string; code: string; fields?: Record<string, string> };
  constructor(status: number, body: ApiError['body']) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

/** A typed fetch: the path, its parameters, the body and the answer all come from the document. */
export async function call<P extends keyof paths, M extends MethodsOf<P>>(
  method: M,
  path: P,
  init: PathPart<Operation<P, M>> & QueryPart<Operation<P, M>> & BodyPart<Operation<P, M>>,
): Promise<Success<Operation<P, M>>> {
  const { path: values = {}, query = {}, body } = init as { path?: object; query?: object; body?: unknown };
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String((values as Record<string, unknown>)[name])));
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(search.size > 0 ? `${url}?${search}` : url, {
    method: method.toUpperCase(),
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(res.status, await res.json());
  return (res.status === 204 ? null : await res.json()) as Success<Operation<P, M>>;
}

/** Every operation a generated client names, by the ids the document promises to keep. */
export const webOperationIds: Array<keyof operations> = [
  'searchStocks',
  'getStockProfile',
  'getStockChart',
  'getRankingByPeriodAndCount',
  'signInWithPassword',
  'createSellTrade',
  'addFavoriteStock',
  'logout',
  'uploadImage',
];

// The image upload (spec §3) is multipart/form-data with its file in `file`, and answers result.fileUrl.
type Upload = operations['uploadImage'];
export type UploadForm = Upload['requestBody']['content']['multipart/form-data']['file'];
export type UploadedUrl = Upload['responses'][200]['content']['application/json']['result']['fileUrl'];
// Every error answer carries the one error body; a limited route lists 429 with Retry-After.
export type SellLimited = operations['createSellTrade']['responses'][429];
export type SellLimitedBody = SellLimited['content']['application/json'] extends ApiError['body'] ? true : never;
export const sellLimitedIsTheErrorBody: SellLimitedBody = true;
export type SellRetryAfter = SellLimited['headers']['Retry-After'];
export const uploadedUrlIsText = (url: UploadedUrl): string => url;

export async function webCalls(): Promise<void> {
  // Header search (features/search) and the stock page (features/stocks).
  const found = await call('get', '/api/v2/stock/search/{keyword}', { path: { keyword: '비상' }, query: { isUnissuedStock: 'true' } });
  const names: string[] = found.result.map((c) => c.companyName);
  const profile = await call('get', '/api/v2/stock/profile/{id}', { path: { id: 42 } });
  const price: number = profile.result.companyStockCurrentPrice;
  const best: number | null = profile.result.bestSellPrice;
  const chart = await call('get', '/api/stock/chart/{id}', { path: { id: 42 }, query: { range: '1Y' } });
  const closes: number[] = chart.result.data.map((bar) => bar.close);
  const ranking = await call('get', '/api/v2/stock/ranking-list/{period}/{count}', { path: { period: 'HIGH_UP', count: 5 } });
  const defaults = await call('get', '/api/v2/stock/ranking-list', {});
  const byPeriod = await call('get', '/api/v2/stock/ranking-list/{period}', { path: { period: 'NEW' } });

  // Sign-in (features/auth), a favourite, a listing (features/trade), and signing out.
  const signedIn = await call('post', '/api/auth/sign-in', { body: { userId: 'member@beesang.example', userPassword: 'correct horse' } });
  const token: string = signedIn.result.accessToken;
  await call('post', '/api/stock/add/favorite/stock/{id}', { path: { id: 42 } });
  await call('post', '/api/trade/sell', { body: { companyIdx: 42, stockCount: 10, stockPerPrice: 15_000 } });
  const loggedOut: null = await call('post', '/api/auth/logout', {});

  // What the document must refuse.
  // @ts-expect-error the period ranking has no count in its path (the document once asked for one)
  await call('get', '/api/v2/stock/ranking-list/{period}', { path: { period: 'TODAY', count: 10 } });
  // @ts-expect-error an unknown ranking period
  await call('get', '/api/v2/stock/ranking-list/{period}', { path: { period: 'YESTERDAY' } });
  // @ts-expect-error the search needs its keyword
  await call('get', '/api/v2/stock/search/{keyword}', {});
  // @ts-expect-error sign-in needs the password
  await call('post', '/api/auth/sign-in', { body: { userId: 'member@beesang.example' } });
  // @ts-expect-error a stock profile cannot be deleted
  await call('delete', '/api/v2/stock/profile/{id}', { path: { id: 42 } });
  // @ts-expect-error the token pair has no password in it
  void signedIn.result.userPassword;

  void [names, price, best, closes, ranking, defaults, byPeriod, token, loggedOut];
}
