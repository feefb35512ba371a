import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';

/**
 * A local Firebase Cloud Messaging (HTTP v1) and Google's OAuth 2.0 token endpoint, as they behave:
 * - POST /token takes a service account's JWT-bearer grant (RFC 7523), checks the assertion's
 *   signature with the account's public key, its issuer and the FCM scope, and issues a Bearer token;
 * - POST /v1/projects/{project}/messages:send takes a message for one token with a Bearer token it
 *   issued, records it, and answers `{ name }`; a token made unregistered answers 404 with the
 *   FcmError detail UNREGISTERED, as FCM does for an uninstalled app.
 * No network. `fail` answers the next sends with an error (429 QUOTA_EXCEEDED, 503 UNAVAILABLE …).
 */

export interface SentMessage {
  projectId: string;
  authorization: string;
  message: {
    token: string;
    notification?: { title?: string; body?: string };
    data?: Record<string, string>;
    android?: { notification?: { tag?: string } };
    apns?: { headers?: Record<string, string> };
  };
}

export interface FcmMock {
  /** FCM_API_BASE for this fake. */
  apiBase: string;
  /** FCM_TOKEN_URI for this fake. */
  tokenUri: string;
  projectId: string;
  /** The service account JSON (FCM_SERVICE_ACCOUNT) whose grants this fake accepts. */
  serviceAccount: { type: 'service_account'; project_id: string; client_email: string; private_key: string; token_uri: string };
  sent: SentMessage[];
  tokenGrants: number;
  /** Tokens answered 404 UNREGISTERED from now on. */
  unregister(token: string): void;
  /** The next `times` sends answer `status` with FCM's error body (and Retry-After when given). */
  fail(status: number, errorCode: string, options?: { times?: number; retryAfter?: string }): void;
  close(): Promise<void>;
}

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

/** FCM's error answer: google.rpc.Status with the FcmError detail. */
export function fcmError(status: number, errorCode: string, message = errorCode) {
  const statuses: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    503: 'UNAVAILABLE',
  };
  return {
    error: {
      code: status,
      message,
      status: statuses[status] ?? 'UNKNOWN',
      details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
    },
  };
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export async function startFcmMock(options: { projectId?: string } = {}): Promise<FcmMock> {
  const projectId = options.projectId ?? 'beesang-test';
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = await importSPKI(keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  const issued = new Set<string>();
  const unregistered = new Set<string>();
  let failure: { status: number; errorCode: string; times: number; retryAfter?: string | undefined } | undefined;
  const sent: SentMessage[] = [];

  const mock = {} as FcmMock;
  const server: Server = createServer(async (req, res) => {
    const text = await body(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(text);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, { issuer: clientEmail });
        if (
          !String(payload.scope ?? '')
            .split(' ')
            .includes(FCM_SCOPE)
        )
          return json(res, 400, { error: 'invalid_scope' });
      } catch {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      const token = `ya29.${randomBytes(24).toString('base64url')}`;
      issued.add(token);
      mock.tokenGrants += 1;
      return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
    if (req.method === 'POST' && send) {
      const authorization = String(req.headers.authorization ?? '');
      if (!issued.has(authorization.replace(/^Bearer /, ''))) return json(res, 401, fcmError(401, 'THIRD_PARTY_AUTH_ERROR', 'bad token'));
      if (decodeURIComponent(send[1] ?? '') !== projectId) return json(res, 403, fcmError(403, 'SENDER_ID_MISMATCH'));
      let parsed: { message?: SentMessage['message'] };
      try {
        parsed = JSON.parse(text) as { message?: SentMessage['message'] };
      } catch {
        return json(res, 400, fcmError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload'));
      }
      if (!parsed.message?.token) return json(res, 400, fcmError(400, 'INVALID_ARGUMENT', 'no token'));
      if (failure && failure.times > 0) {
        failure.times -= 1;
        const headers: Record<string, string> = failure.retryAfter ? { 'retry-after': failure.retryAfter } : {};
        return json(res, failure.status, fcmError(failure.status, failure.errorCode), headers);
      }
      if (unregistered.has(parsed.message.token)) {
        return json(res, 404, fcmError(404, 'UNREGISTERED', 'Requested entity was not found.'));
      }
      sent.push({ projectId, authorization, message: parsed.message });
      return json(res, 200, { name: `projects/${projectId}/messages/${randomBytes(8).toString('hex')}` });
    }
    return json(res, 404, { error: { code: 404, message: 'not found', status: 'NOT_FOUND' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(mock, {
    apiBase: origin,
    tokenUri: `${origin}/token`,
    projectId,
    serviceAccount: {
      type: 'service_account' as const,
      project_id: projectId,
      client_email: clientEmail,
      private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `${origin}/token`,
    },
    sent,
    tokenGrants: 0,
    unregister: (token: string) => void unregistered.add(token),
    fail(status: number, errorCode: string, o: { times?: number; retryAfter?: string } = {}) {
      failure = { status, errorCode, times: o.times ?? 1, retryAfter: o.retryAfter };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
