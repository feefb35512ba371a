import { SMS_CODE_TTL_MS, SMS_RESEND_COOLDOWN_MS, seoulDay } from '@beesang/contract';
import type { Clock } from '../../lib/clock.ts';
import { keyedHash, randomToken, sixDigitCode, tokenHash } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { SmsRepository } from './sms.repository.ts';
import { type SmsGateway, SmsGatewayError } from './sms-gateway.ts';

export interface SmsLimits {
  perPhoneWindowMs: number;
  perPhoneMax: number;
  perIpWindowMs: number;
  perIpMax: number;
  dailyBudget: number;
  maxWrongGuesses: number;
  /** Wrong codes from one client IP across phones (guessing many numbers at once). */
  maxWrongGuessesPerIp: number;
  wrongGuessWindowMs: number;
  ticketTtlMs: number;
}

export const DEFAULT_SMS_LIMITS: SmsLimits = {
  perPhoneWindowMs: 10 * 60_000,
  perPhoneMax: 5,
  perIpWindowMs: 60 * 60_000,
  perIpMax: 30,
  dailyBudget: 10_000,
  maxWrongGuesses: 5,
  maxWrongGuessesPerIp: 30,
  wrongGuessWindowMs: 10 * 60_000,
  ticketTtlMs: 10 * 60_000,
};

export type MatchResult = { matched: true; ticket: string } | { matched: false; code: 'CODE_MISMATCH' | 'CODE_EXPIRED'; message: string };

/**
 * SMS verification (SECURITY.md §SMS codes): CSPRNG codes stored as keyed hashes, 180 s life,
 * single use, one live code per phone, five wrong guesses per phone per window whatever the
 * resends, send limits per phone / IP / day, and a short-lived single-use ticket as proof.
 */
export function createSmsService(deps: {
  repo: SmsRepository;
  gateway: SmsGateway;
  clock: Clock;
  secret: string;
  limits?: Partial<SmsLimits>;
}) {
  const { repo, gateway, clock, secret } = deps;
  const limits = { ...DEFAULT_SMS_LIMITS, ...deps.limits };
  const phoneKey = (phone: string) => keyedHash(secret, 'phone', phone);
  const codeKey = (phone: string, code: string) => keyedHash(secret, 'code', `${phone}:${code}`);

  return {
    phoneKey,

    async send(phone: string, ip: string): Promise<void> {
      const now = clock.now();
      const phoneHash = phoneKey(phone);
      const code = sixDigitCode();
      const codeHash = codeKey(phone, code);
      await repo.withPhoneLock(phoneHash, async (tx) => {
        const last = await tx.lastSentAt(phoneHash);
        if (last && now.getTime() - last.getTime() < SMS_RESEND_COOLDOWN_MS) {
          throw new AppError(429, 'resendTooSoon', 'RESEND_TOO_SOON', {
            retryAfter: (SMS_RESEND_COOLDOWN_MS - (now.getTime() - last.getTime())) / 1000,
          });
        }
        if ((await tx.countSentSince('phone_hash', phoneHash, new Date(now.getTime() - limits.perPhoneWindowMs))) >= limits.perPhoneMax) {
          throw new AppError(429, 'smsLimited', 'SMS_LIMITED', { retryAfter: limits.perPhoneWindowMs / 1000 });
        }
        if (ip && (await tx.countSentSince('ip', ip, new Date(now.getTime() - limits.perIpWindowMs))) >= limits.perIpMax) {
          throw new AppError(429, 'smsLimited', 'SMS_LIMITED', { retryAfter: limits.perIpWindowMs / 1000 });
        }
        const dayStart = new Date(`${seoulDay(now)}T00:00:00+09:00`);
        if ((await tx.countSentSince(null, '', dayStart)) >= limits.dailyBudget) {
          throw new AppError(429, 'smsLimited', 'SMS_LIMITED', { retryAfter: 3600 });
        }
        await tx.insertCode({ phoneHash, codeHash, ip, at: now, expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS) });
      });
      try {
        await gateway.send(phone, `[비상] 인증번호 [${code}]를 입력해주세요. 타인에게 절대 알려주지 마세요.`);
      } catch (error) {
        // A failed send must not count against the person's cooldown: forget the code.
        await repo.deleteCode(phoneHash, codeHash);
        if (error instanceof SmsGatewayError || error instanceof Error) throw new AppError(502, 'smsSendFailed', 'SMS_SEND_FAILED');
        throw error;
      }
    },

    async match(phone: string, code: string, ip = ''): Promise<MatchResult> {
      const now = clock.now();
      const phoneHash = phoneKey(phone);
      // Wrong guesses by IP share the failures table under a keyed, prefixed hash of the address.
      const ipKey = ip ? `ip:${keyedHash(secret, 'ip', ip)}` : '';
      const since = new Date(now.getTime() - limits.wrongGuessWindowMs);
      if (ipKey && (await repo.failuresSince(ipKey, since)) >= limits.maxWrongGuessesPerIp) {
        throw new AppError(429, 'codeLocked', 'CODE_LOCKED', { retryAfter: limits.wrongGuessWindowMs / 1000 });
      }
      return repo.withPhoneLock(phoneHash, async (tx) => {
        const failures = await tx.failuresSince(phoneHash, since);
        if (failures >= limits.maxWrongGuesses) {
          throw new AppError(429, 'codeLocked', 'CODE_LOCKED', { retryAfter: limits.wrongGuessWindowMs / 1000 });
        }
        const live = await tx.liveCode(phoneHash);
        if (!live || live.expires_at.getTime() <= now.getTime()) {
          return { matched: false, code: 'CODE_EXPIRED', message: '입력 시간이 만료되었어요. 다시 요청해주세요.' } as const;
        }
        if (live.code_hash !== codeKey(phone, code)) {
          await tx.addFailure(phoneHash, now);
          if (ipKey) await tx.addFailure(ipKey, now);
          return { matched: false, code: 'CODE_MISMATCH', message: '인증번호가 일치하지 않아요. 다시 확인해 주세요.' } as const;
        }
        if (!(await tx.useCode(live.id, now))) {
          return { matched: false, code: 'CODE_EXPIRED', message: '입력 시간이 만료되었어요. 다시 요청해주세요.' } as const;
        }
        const ticket = randomToken();
        await tx.insertTicket({
          ticketHash: tokenHash(ticket),
          phoneHash,
          at: now,
          expiresAt: new Date(now.getTime() + limits.ticketTtlMs),
        });
        return { matched: true, ticket } as const;
      });
    },

    /** Whether a ticket proves this phone right now (not consumed: used for the registration lookup). */
    async ticketValidFor(ticket: string | undefined, phone: string): Promise<boolean> {
      if (!ticket) return false;
      const row = await repo.findTicket(tokenHash(ticket));
      return !!row && row.phone_hash === phoneKey(phone) && row.used_at === null && row.expires_at.getTime() > clock.now().getTime();
    },

    /** Consumes the ticket for this phone or throws 401. */
    async consumeTicket(ticket: string | undefined, phone: string): Promise<void> {
      if (!ticket || !(await repo.consumeTicket(tokenHash(ticket), phoneKey(phone), clock.now()))) {
        throw new AppError(401, 'verificationRequired', 'VERIFICATION_REQUIRED');
      }
    },

    /** Uses up a ticket that proves the phone behind `phoneHash` was verified at or after `since`. */
    async consumeRecentTicket(ticket: string | undefined, phoneHash: string, since: Date): Promise<boolean> {
      return !!ticket && repo.consumeTicket(tokenHash(ticket), phoneHash, clock.now(), since);
    },

    outbox: (phone: string) => repo.outbox(phone),
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
