import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser's push service (RFC 8030) and the browser itself: it makes a real
 * P-256 subscription, records what the server POSTs to its endpoints, and decrypts a message as the
 * browser would (RFC 8291 with RFC 8188's aes128gcm), so a test reads what was sent.
 */

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts a message sent to this subscription; throws when it was not encrypted for it. */
  decrypt(body: Buffer): string;
}

/**
 * RFC 8291 §3.4: the user agent's key and auth secret, the sender's key from the record header,
 * HKDF to the content-encryption key and nonce (RFC 8188 §2.2–2.3), AES-128-GCM, and the padding
 * delimiter (0x02 for the last record) stripped.
 */
export function decryptAes128gcm(body: Buffer, ua: { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error(`unexpected header: keyid ${idLength} bytes, rs ${recordSize}`);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(ua.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, ua.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface LocalPushService {
  origin: string;
  received: ReceivedPush[];
  /** How the next requests are answered (default 201 Created, as push services answer). */
  answer(reply: (res: ServerResponse) => void): void;
  /** A subscription on this service, keyed as a browser keys one. */
  subscribe(): BrowserSubscription;
  close(): Promise<void>;
}

export const created = (res: ServerResponse) => res.writeHead(201, { location: '/message/1' }).end();

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  let reply: (res: ServerResponse) => void = created;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answer(next) {
      reply = next;
    },
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const privateKey = ecdh.getPrivateKey();
      const authSecret = randomBytes(16);
      return {
        endpoint: `${origin}/push/${randomBytes(12).toString('base64url')}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
        decrypt: (body) => decryptAes128gcm(body, { privateKey, publicKey, authSecret }),
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
