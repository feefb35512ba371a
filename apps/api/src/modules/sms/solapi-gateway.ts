import { createHmac, randomBytes } from 'node:crypto';
import { maskPhone } from '../../lib/log.ts';
import { type SmsGateway, SmsGatewayError } from './sms-gateway.ts';

export interface SolapiGatewayOptions {
  apiKey: string;
  apiSecret: string;
  /** The sender number registered with Solapi, digits only. */
  sender: string;
  /** Default https://api.solapi.com; tests point it at a local fake. */
  baseUrl?: string;
  /** Whole-request limit in milliseconds (default 5000). */
  timeoutMs?: number;
  /** Gets one line per send: masked number and outcome, never the text, code or keys. */
  log?: (message: string) => void;
  /** For tests: the clock behind the signed date. */
  now?: () => Date;
}

export const SOLAPI_SEND_PATH = '/messages/v4/send';

/** `Authorization: HMAC-SHA256 apiKey=…, date=…, salt=…, signature=hex(HMAC-SHA256(secret, date + salt))`. */
export function solapiAuthorization(apiKey: string, apiSecret: string, date: string, salt: string): string {
  const signature = createHmac('sha256', apiSecret)
    .update(date + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

/**
 * Sends through Solapi's single-message API. Any failure (network, timeout, non-2xx, an error body
 * or a refused status code) becomes an SmsGatewayError, which the service turns into a 502 and a
 * forgotten code: a provider outage never lets a sign-in through (SECURITY.md 22).
 */
export function createSolapiGateway(options: SolapiGatewayOptions): SmsGateway {
  const baseUrl = (options.baseUrl ?? 'https://api.solapi.com').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});

  return {
    async send(phone, text) {
      const to = maskPhone(phone);
      const fail = (reason: string): never => {
        log(`SMS to ${to} failed: ${reason}`);
        throw new SmsGatewayError(`Solapi send failed: ${reason}`);
      };
      const date = now().toISOString();
      const salt = randomBytes(16).toString('hex');
      let res: Response;
      try {
        res = await fetch(`${baseUrl}${SOLAPI_SEND_PATH}`, {
          method: 'POST',
          headers: {
            authorization: solapiAuthorization(options.apiKey, options.apiSecret, date, salt),
            'content-type': 'application/json',
          },
          body: JSON.stringify({ message: { to: phone, from: options.sender, text } }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : 'Error';
        return fail(name === 'TimeoutError' || name === 'AbortError' ? `timeout after ${timeoutMs} ms` : `network error (${name})`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch (error) {
        const name = error instanceof Error ? error.name : 'Error';
        if (name === 'TimeoutError' || name === 'AbortError') return fail(`timeout after ${timeoutMs} ms`);
        body = undefined;
      }
      const result = (body && typeof body === 'object' ? body : {}) as { errorCode?: unknown; statusCode?: unknown };
      if (!res.ok) return fail(`HTTP ${res.status}${typeof result.errorCode === 'string' ? ` ${result.errorCode}` : ''}`);
      if (body === undefined) return fail(`HTTP ${res.status} without a JSON body`);
      if (result.errorCode !== undefined && result.errorCode !== null) return fail(`error ${String(result.errorCode).slice(0, 60)}`);
      // Solapi answers statusCode "2000" (accepted) for a message it takes; other codes are refusals.
      if (result.statusCode !== undefined && !/^2\d{3}$/.test(String(result.statusCode))) {
        return fail(`status ${String(result.statusCode).slice(0, 20)}`);
      }
      log(`SMS to ${to} accepted by Solapi (${text.length} chars)`);
    },
  };
}
