import { createHash } from 'node:crypto';
import { ABUSE_LIMITS, type AbuseLimits, type LimitName, type LimitRule } from '@beesang/contract';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.ts';
import { AppError, type MessageKey } from '../../lib/errors.ts';
import { answering } from '../../plugins/openapi-answers.ts';
import type { LimitsRepository } from './limits.repository.ts';

/** Where the counters live: Redis, the shared database, or this process (one instance only). */
export type LimitStore =
  | { kind: 'redis'; redis: Redis; prefix?: string }
  | { kind: 'database'; repo: LimitsRepository }
  | { kind: 'memory' };

const MESSAGE: Record<LimitName, MessageKey> = {
  listingsPerHour: 'limitListingsPerHour',
  listingsPerDay: 'limitListingsPerDay',
  opinions: 'limitOpinions',
  reports: 'limitReports',
  identityRequests: 'limitIdentityRequests',
  memberUploads: 'uploadLimited',
  anonymousUploads: 'uploadLimited',
  lookups: 'limitLookups',
  conversationsPerDay: 'limitConversations',
  messages: 'limitMessages',
};

/**
 * An address as a limit's subject: hashed (it is personal data), IPv6 by its /64 (one household
 * or phone holds a whole /64, and rotating inside it must not reset the count).
 */
function addressKey(ip: string): string {
  const prefix = ip.includes(':') && !ip.startsWith('::ffff:') ? ip.split(':').slice(0, 4).join(':') : ip.replace(/^::ffff:/, '');
  return createHash('sha256').update(`beesang-limit:${prefix}`).digest('base64url').slice(0, 22);
}

/** @fastify/rate-limit's store contract over our counters table, on the injectable clock. */
function databaseStore(repo: LimitsRepository, clock: Clock) {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = clock.now();
      repo.hit(key, timeWindow, now).then(
        (r) => callback(null, { current: r.hits, ttl: Math.max(0, r.expiresAt.getTime() - now.getTime()) }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}

export interface Limits {
  /** Counts this request against `subject` under each named limit in turn; 429 at the first one used up. */
  check(req: FastifyRequest, subject: { memberId: number } | { address: string }, ...names: LimitName[]): Promise<void>;
  /** preHandler for member routes (after requireMember): counts against the signed-in member. */
  perMember(...names: LimitName[]): (req: FastifyRequest) => Promise<void>;
  /** preHandler counting against the client's address. */
  perAddress(...names: LimitName[]): (req: FastifyRequest) => Promise<void>;
}

/**
 * Limits on abuse with @fastify/rate-limit (issue 10 §4), shared by every instance: Redis when
 * REDIS_URL is set, else the PostgreSQL database every instance uses, else (embedded PGlite, one
 * process by construction) this process's memory. A store that fails lets the request through and
 * logs it: a Redis outage must not stop members from trading.
 */
export async function registerLimits(
  app: FastifyInstance,
  options: { store: LimitStore; clock: Clock; rules?: Partial<AbuseLimits> },
): Promise<Limits> {
  const rules: AbuseLimits = { ...ABUSE_LIMITS, ...options.rules };
  const store = options.store;
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    cache: 50_000,
    nameSpace: store.kind === 'redis' && store.prefix ? store.prefix : 'beesang:limit:',
    ...(store.kind === 'redis' && { redis: store.redis }),
    ...(store.kind === 'database' && { store: databaseStore(store.repo, options.clock) }),
  });

  const subjectKey = Symbol('limitSubject');
  type Keyed = FastifyRequest & { [subjectKey]?: string };
  const limiters = new Map<LimitName, ReturnType<FastifyInstance['createRateLimit']>>();
  const limiter = (name: LimitName) => {
    let found = limiters.get(name);
    if (!found) {
      const rule: LimitRule = rules[name];
      found = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (req) => `${name}:${(req as Keyed)[subjectKey]}`,
      });
      limiters.set(name, found);
    }
    return found;
  };

  async function check(req: FastifyRequest, subject: { memberId: number } | { address: string }, ...names: LimitName[]) {
    (req as Keyed)[subjectKey] = 'memberId' in subject ? `m${subject.memberId}` : `a${addressKey(subject.address)}`;
    for (const name of names) {
      const result = await limiter(name)(req);
      if (!result.isAllowed && result.isExceeded) {
        req.log.info({ limit: name }, 'limit reached');
        throw new AppError(429, MESSAGE[name], 'RATE_LIMITED', { retryAfter: Math.max(1, result.ttlInSeconds) });
      }
    }
  }

  // Marked as answering 429, so that the API document lists it (with Retry-After) on each route that uses one.
  return {
    check,
    perMember: (...names) =>
      answering(async (req: FastifyRequest) => {
        if (!req.member) throw new Error('perMember limit runs after requireMember');
        await check(req, { memberId: req.member.id }, ...names);
      }, 429),
    perAddress: (...names) => answering(async (req: FastifyRequest) => check(req, { address: req.ip }, ...names), 429),
  };
}
