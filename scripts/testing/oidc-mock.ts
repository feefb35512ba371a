import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * A local OpenID Connect provider for tests: discovery, JWKS, an authorize endpoint that signs the
 * next person in at once, and a token endpoint that checks the PKCE verifier. No network.
 */
export interface OidcMock {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorize call signs in. */
  nextUser: { sub: string; email?: string; name?: string };
  /** An ID token signed by this provider, for app-style (identityToken) tests. */
  mint(claims: Record<string, unknown>, options?: { header?: Record<string, unknown> }): string;
  close(): Promise<void>;
}

/**
 * `clientSecret`: the fixed secret the token endpoint expects, or a check of the secret it is sent
 * (Apple's client secret is a JWT the client signs anew).
 */
export async function startOidcMock(
  clientId = 'beesang-test',
  clientSecret: string | ((sent: string) => boolean) = 'mock-secret',
): Promise<OidcMock> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'mock-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { challenge: string; nonce: string; redirectUri: string; user: OidcMock['nextUser'] }>();
  let issuer = '';

  const mint: OidcMock['mint'] = (claims, options = {}) => {
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'mock-1', ...options.header })).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const body = Buffer.from(JSON.stringify({ iss: issuer, aud: clientId, iat: now, exp: now + 600, ...claims })).toString('base64url');
    const signature = createSign('RSA-SHA256').update(`${header}.${body}`).sign(privateKey).toString('base64url');
    return `${header}.${body}.${signature}`;
  };

  const mock: OidcMock = {
    issuer: '',
    clientId,
    clientSecret: typeof clientSecret === 'string' ? clientSecret : '',
    nextUser: { sub: 'user-1', email: 'kim@example.com', name: '김소셜' },
    mint,
    close: async () => {},
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (
        p.get('client_id') !== clientId ||
        p.get('code_challenge_method') !== 'S256' ||
        !p.get('code_challenge') ||
        !p.get('nonce') ||
        !p.get('state')
      ) {
        return json(400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        challenge: p.get('code_challenge') as string,
        nonce: p.get('nonce') as string,
        redirectUri: p.get('redirect_uri') as string,
        user: { ...mock.nextUser },
      });
      const back = new URL(p.get('redirect_uri') as string);
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') as string);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c) => {
        raw += String(c);
      });
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const secretOk = (sent: string) => (typeof clientSecret === 'string' ? sent === clientSecret : clientSecret(sent));
        const challengeOk = grant && createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
        if (!grant || !challengeOk || !secretOk(form.get('client_secret') ?? '') || form.get('redirect_uri') !== grant.redirectUri) {
          return json(400, { error: 'invalid_grant' });
        }
        return json(200, {
          id_token: mint({ sub: grant.user.sub, email: grant.user.email, email_verified: true, name: grant.user.name, nonce: grant.nonce }),
          token_type: 'Bearer',
        });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  mock.issuer = issuer;
  mock.close = () => new Promise((resolve) => server.close(() => resolve()));
  return mock;
}
