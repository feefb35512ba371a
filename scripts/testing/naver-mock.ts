import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local Naver Login (plain OAuth 2.0, no OpenID Connect), as Naver behaves:
 * - /nid/oauth2.0/authorize signs `nextUser` in at once and redirects back with code and state;
 * - /nid/oauth2.0/token checks client, secret, code and the state the code was issued for, and
 *   answers refusals with HTTP 200 and an `error` field, and `expires_in` as a string, as Naver does;
 * - /openapi/v1/nid/me, the profile API, names the owner of an access token (`resultcode` '00').
 * No network. The e2e run sets the next person over HTTP: POST /_fake/next-user.
 */
export interface NaverUser {
  id: string;
  nickname?: string;
  name?: string;
  email?: string;
}

export interface NaverMock {
  clientId: string;
  clientSecret: string;
  /** OAUTH_NAVER_AUTH_BASE and OAUTH_NAVER_API_BASE for this fake. */
  authBase: string;
  apiBase: string;
  nextUser: NaverUser;
  tokenCalls: Array<Record<string, string>>;
  /** Answers the token or profile endpoint instead of the real logic (faults), until cleared. */
  tokenAnswer: ((res: ServerResponse) => void) | undefined;
  profileAnswer: ((res: ServerResponse) => void) | undefined;
  /** An access token Naver would have issued to this app for `user` (what the mobile apps send). */
  issue(user: NaverUser): string;
  /** Every access token issued so far. */
  issued(): string[];
  close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function startNaverMock(options: { clientId?: string; clientSecret?: string } = {}): Promise<NaverMock> {
  const clientId = options.clientId ?? 'naver-client-id';
  const clientSecret = options.clientSecret ?? 'naver-client-secret-never-leaves-the-server';
  const codes = new Map<string, { state: string; user: NaverUser }>();
  const tokens = new Map<string, NaverUser>();
  let origin = '';

  const mock: NaverMock = {
    clientId,
    clientSecret,
    authBase: '',
    apiBase: '',
    nextUser: { id: 'naver-1', nickname: '네이버회원', email: 'naver.one@example.com' },
    tokenCalls: [],
    tokenAnswer: undefined,
    profileAnswer: undefined,
    issue(user) {
      const token = `AAAAN${randomBytes(24).toString('base64')}`;
      tokens.set(token, user);
      return token;
    },
    issued: () => [...tokens.keys()],
    close: async () => {},
  };

  function route(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/nid/oauth2.0/authorize') {
      const p = url.searchParams;
      if (p.get('response_type') !== 'code' || p.get('client_id') !== clientId || !p.get('state') || !p.get('redirect_uri')) {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = randomBytes(12).toString('hex');
      codes.set(code, { state: p.get('state') as string, user: { ...mock.nextUser } });
      const back = new URL(p.get('redirect_uri') as string);
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') as string);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/nid/oauth2.0/token' && req.method === 'POST') {
      const form = Object.fromEntries(new URLSearchParams(raw));
      mock.tokenCalls.push(form);
      if (mock.tokenAnswer) return mock.tokenAnswer(res);
      const grant = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (
        form.grant_type !== 'authorization_code' ||
        form.client_id !== clientId ||
        form.client_secret !== clientSecret ||
        !grant ||
        grant.state !== form.state
      ) {
        return json(res, 200, { error: 'invalid_request', error_description: 'no valid code' });
      }
      return json(res, 200, { access_token: mock.issue(grant.user), refresh_token: 'r', token_type: 'bearer', expires_in: '3600' });
    }
    if (url.pathname === '/openapi/v1/nid/me') {
      if (mock.profileAnswer) return mock.profileAnswer(res);
      const user = tokens.get(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!user) return json(res, 401, { resultcode: '024', message: 'Authentication failed (인증 실패하였습니다.)' });
      return json(res, 200, { resultcode: '00', message: 'success', response: user });
    }
    if (url.pathname === '/_fake/next-user' && req.method === 'POST') {
      mock.nextUser = JSON.parse(raw) as NaverUser;
      return json(res, 200, { ok: true });
    }
    json(res, 404, { error: 'not_found' });
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += String(c);
    });
    req.on('end', () => route(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  mock.authBase = `${origin}/nid`;
  mock.apiBase = `${origin}/openapi`;
  mock.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return mock;
}
