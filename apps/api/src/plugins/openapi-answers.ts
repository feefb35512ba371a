import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The multipart/form-data body a route reads itself (req.parts()), as a Zod object of its
     * fields (`z.file()` for a file): documented as the operation's request body, never used to
     * validate (the handler checks each part as it streams).
     */
    multipart?: ZodType;
  }
}

const ANSWERS = Symbol('documentedAnswers');
type Tagged = { [ANSWERS]?: readonly number[] };

/**
 * Marks a route hook with the statuses it may answer that no schema of the route shows (a limit's
 * 429), so that the API document lists them for every route that uses the hook, wherever the route
 * puts it (onRequest, preValidation, preHandler).
 */
export function answering<F extends (...args: never[]) => unknown>(hook: F, ...statuses: number[]): F {
  (hook as F & Tagged)[ANSWERS] = statuses;
  return hook;
}

const HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/** The statuses the route's hooks say they may answer (see `answering`). */
export function hookAnswers(route: Pick<RouteOptions, (typeof HOOKS)[number]>): number[] {
  const found = new Set<number>();
  for (const name of HOOKS) {
    const hooks = route[name];
    for (const hook of (Array.isArray(hooks) ? hooks : [hooks]) as Tagged[]) {
      for (const status of hook?.[ANSWERS] ?? []) found.add(status);
    }
  }
  return [...found].sort();
}
