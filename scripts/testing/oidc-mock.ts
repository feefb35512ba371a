import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local OpenID Connect provider for tests, behaving like the real one it stands for:
 * - discovery and a JWKS whose signing key can be rotated mid-run (`rotateKey`), with the number of
 *   JWKS fetches counted (a flood of unknown key ids must not make us hammer a provider);
 * - an authorize endpoint that signs `nextUser` in at once and insists on state, nonce and an S256
 *   PKCE challenge; Google and Kakao redirect back with code and state, Apple answers with a page that
 *   POSTs code, state, id_token and — on a person's first sign-in only — `user` (the name) to the
 *   redirect URI, as Apple does for `response_mode=form_post`;
 * - a token endpoint that checks client, secret, code, redirect URI and the PKCE verifier.
 * No network. The e2e run drives it over HTTP: POST /_fake/next-user, POST /_fake/rotate-key.
 */
export type OidcFlavour = 'google' | 'kakao' | 'apple';

export interface MockPerson {
  sub: string;
  email?: string;
  /** Google's `name`, Kakao's `nickname`. Apple never puts a name in its ID token. */
  name?: string;
  /** Apple's form-post `user` field, sent on the first sign-in only. */
  firstName?: string;
  lastName?: string;
}

export interface OidcMock {
  flavour: OidcFlavour;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorize call signs in. */
  nextUser: MockPerson;
  /** GET /jwks answered so far. */
  jwksFetches: number;
  /** The form of every token request, newest last. */
  tokenRequests: Array<Record<string, string>>;
  /** Answers the next token requests instead of the real logic (faults), until cleared. */
  tokenAnswer: ((res: ServerResponse) => void) | undefined;
  /** The key id new tokens are signed with. */
  readonly currentKid: string;
  /** An ID token signed by this provider (the current key unless `kid` names an older one), for app-style tests. */
  mint(claims: Record<string, unknown>, options?: { header?: Record<string, unknown>; kid?: string }): string;
  /** Signs with a new key from now on and publishes it; the old key leaves the JWKS when `dropOld`. Returns the new kid. */
  rotateKey(options?: { dropOld?: boolean }): string;
  close(): Promise<void>;
}

export interface OidcMockOptions {
  flavour?: OidcFlavour;
  clientId?: string;
  /** The fixed secret the token endpoint expects, or a check of what it is sent (Apple's is a JWT we sign). */
  clientSecret?: string | ((sent: string) => boolean | Promise<boolean>);
  /** Host the browser reaches the authorize page on: 'localhost' puts it on another site than an app on 127.0.0.1. */
  authorizationHost?: string;
}

const SCOPES: Record<OidcFlavour, { allowed: string[]; required: string[] }> = {
  google: { allowed: ['openid', 'profile', 'email'], required: ['openid'] },
  // Kakao's scope names consent items (동의항목); the app's settings apply when none is sent.
  kakao: { allowed: ['openid', 'profile_nickname', 'profile_image', 'account_email'], required: [] },
  apple: { allowed: ['openid', 'name', 'email'], required: [] },
};

interface Grant {
  challenge: string;
  nonce: string;
  redirectUri: string;
  user: MockPerson;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOidcMock(options: OidcMockOptions = {}): Promise<OidcMock> {
  const flavour = options.flavour ?? 'google';
  const clientId = options.clientId ?? 'beesang-test';
  const secretCheck = options.clientSecret ?? 'mock-secret';
  const keys = new Map<string, { privateKey: KeyObject; jwk: Record<string, unknown>; published: boolean }>();
  let currentKid = '';
  const codes = new Map<string, Grant>();
  const seenByApple = new Set<string>();
  let issuer = '';
  let authorizeBase = '';

  const rotateKey: OidcMock['rotateKey'] = ({ dropOld = false } = {}) => {
    if (dropOld) for (const key of keys.values()) key.published = false;
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = `${flavour}-${randomUUID().slice(0, 8)}`;
    keys.set(kid, { privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }, published: true });
    currentKid = kid;
    return kid;
  };
  rotateKey();

  // The provider's side of a JWT, signed by hand on purpose: a test must be able to forge headers.
  const mint: OidcMock['mint'] = (claims, { header = {}, kid = currentKid } = {}) => {
    const key = keys.get(kid);
    if (!key) throw new Error(`no key ${kid}`);
    const now = Math.floor(Date.now() / 1000);
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const signingInput = `${enc({ alg: 'RS256', typ: 'JWT', kid, ...header })}.${enc({ iss: issuer, aud: clientId, iat: now, exp: now + 600, ...claims })}`;
    return `${signingInput}.${createSign('RSA-SHA256').update(signingInput).sign(key.privateKey).toString('base64url')}`;
  };

  /** The ID token the token endpoint (and Apple's form post) carries, with the provider's own claims. */
  const idTokenFor = (user: MockPerson, nonce: string) => {
    const common = { sub: user.sub, nonce, auth_time: Math.floor(Date.now() / 1000) };
    if (flavour === 'apple') {
      // Apple sends email_verified as a string and no name at all.
      return mint({ ...common, email: user.email, email_verified: 'true', is_private_email: 'false', nonce_supported: true });
    }
    if (flavour === 'kakao') return mint({ ...common, nickname: user.name, email: user.email });
    return mint({ ...common, azp: clientId, email: user.email, email_verified: true, name: user.name });
  };

  const mock: OidcMock = {
    flavour,
    issuer: '',
    clientId,
    clientSecret: typeof secretCheck === 'string' ? secretCheck : '',
    nextUser: { sub: 'user-1', email: 'kim@example.com', name: '김소셜' },
    jwksFetches: 0,
    tokenRequests: [],
    tokenAnswer: undefined,
    get currentKid() {
      return currentKid;
    },
    mint,
    rotateKey,
    close: async () => {},
  };

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  }

  function authorize(url: URL, res: ServerResponse) {
    const p = url.searchParams;
    const scopes = (p.get('scope') ?? '').split(' ').filter(Boolean);
    const rules = SCOPES[flavour];
    const refusal =
      (p.get('response_type') !== 'code' && 'response_type') ||
      (p.get('client_id') !== clientId && 'client_id') ||
      (!p.get('redirect_uri') && 'redirect_uri') ||
      (!p.get('state') && 'state') ||
      (!p.get('nonce') && 'nonce') ||
      ((p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')) && 'code_challenge') ||
      (scopes.some((s) => !rules.allowed.includes(s)) && 'scope') ||
      (rules.required.some((s) => !scopes.includes(s)) && 'scope') ||
      // Apple: asking for the name or email requires the answer as a form post.
      (flavour === 'apple' && scopes.length > 0 && p.get('response_mode') !== 'form_post' && 'response_mode');
    if (refusal) return json(res, 400, { error: 'invalid_request', error_description: `bad ${refusal}` });

    const user = { ...mock.nextUser };
    const code = randomBytes(16).toString('hex');
    const nonce = p.get('nonce') as string;
    codes.set(code, { challenge: p.get('code_challenge') as string, nonce, redirectUri: p.get('redirect_uri') as string, user });
    const state = p.get('state') as string;
    if (flavour !== 'apple') {
      const back = new URL(p.get('redirect_uri') as string);
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    const fields: Record<string, string> = { code, state, id_token: idTokenFor(user, nonce) };
    if (!seenByApple.has(user.sub) && scopes.includes('name')) {
      seenByApple.add(user.sub);
      fields.user = JSON.stringify({ name: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' }, email: user.email });
    }
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join('');
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(
      `<!doctype html><title>Sign in with Apple (fake)</title><form method="post" action="${escapeHtml(p.get('redirect_uri') as string)}">${inputs}</form><script>document.forms[0].submit()</script>`,
    );
  }

  async function token(raw: string, res: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(raw));
    mock.tokenRequests.push(form);
    if (mock.tokenAnswer) return mock.tokenAnswer(res);
    const grant = codes.get(form.code ?? '');
    codes.delete(form.code ?? '');
    const sent = form.client_secret ?? '';
    const secretOk = typeof secretCheck === 'string' ? sent === secretCheck : await secretCheck(sent);
    if (form.client_id !== clientId || !secretOk) return json(res, 401, { error: 'invalid_client' });
    const challengeOk =
      grant &&
      createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url') === grant.challenge;
    if (form.grant_type !== 'authorization_code' || !grant || !challengeOk || form.redirect_uri !== grant.redirectUri) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    json(res, 200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 3600,
      id_token: idTokenFor(grant.user, grant.nonce),
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${authorizeBase}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        response_modes_supported: flavour === 'apple' ? ['query', 'fragment', 'form_post'] : ['query'],
        subject_types_supported: [flavour === 'apple' ? 'pairwise' : 'public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: SCOPES[flavour].allowed,
        token_endpoint_auth_methods_supported: ['client_secret_post'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') {
      mock.jwksFetches++;
      return json(res, 200, { keys: [...keys.values()].filter((k) => k.published).map((k) => k.jwk) });
    }
    if (url.pathname === '/authorize' && req.method === 'GET') return authorize(url, res);
    if (url.pathname === '/token' && req.method === 'POST') return token(raw, res);
    if (url.pathname === '/_fake/next-user' && req.method === 'POST') {
      mock.nextUser = JSON.parse(raw) as MockPerson;
      return json(res, 200, { ok: true });
    }
    if (url.pathname === '/_fake/rotate-key' && req.method === 'POST') {
      return json(res, 200, { kid: rotateKey(JSON.parse(raw || '{}') as { dropOld?: boolean }) });
    }
    json(res, 404, { error: 'not_found' });
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += String(c);
    });
    req.on('end', () => {
      route(req, res, raw).catch((error: unknown) => json(res, 500, { error: 'server_error', detail: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  issuer = `http://127.0.0.1:${port}`;
  authorizeBase = `http://${options.authorizationHost ?? '127.0.0.1'}:${port}`;
  mock.issuer = issuer;
  mock.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return mock;
}
