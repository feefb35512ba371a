import { LIST_PAGE_SIZE_DEFAULT, LIST_PAGE_SIZE_MAX } from './constants.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

/** `{ result: T }` envelope of every success response. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({ result });
}

/** `{ result: { data: T[], total, page, size } }` envelope of paged lists. */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    result: z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() }),
  });
}

/** The body of every error answer (4xx and 5xx); the API document's `ApiError`. */
export const errorSchema = z.object({
  message: z.string().meta({ description: '사용자에게 그대로 보여 줄 한국어 안내' }),
  code: z.string().meta({ description: '프로그램이 구분할 오류 코드 (BAD_REQUEST, UNAUTHORIZED, RATE_LIMITED …)' }),
  fields: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: '입력 항목별 이유: 키는 위치와 항목 (body.content, querystring.page, params.id)' }),
  /** Exception name some clients branch on (spec §4: NotFoundException → social sign-up). */
  name: z.string().optional().meta({ description: '일부 오류의 예외 이름 (NotFoundException 등)' }),
});
export type ApiError = z.infer<typeof errorSchema>;

/** Positive integer id in a path, e.g. /stock/profile/{id}. */
export const idParam = z.coerce
  .number({ error: messages.invalidId })
  .int({ error: messages.invalidId })
  .positive({ error: messages.invalidId })
  .max(2_147_483_647, { error: messages.invalidId });

export const pagingQuery = z.object({
  page: z.coerce
    .number({ error: messages.invalidPage })
    .int({ error: messages.invalidPage })
    .min(1, { error: messages.invalidPage })
    .max(100_000, { error: messages.invalidPage })
    .default(1),
  size: z.coerce
    .number({ error: messages.invalidSize })
    .int({ error: messages.invalidSize })
    .min(1, { error: messages.invalidSize })
    .max(LIST_PAGE_SIZE_MAX, { error: messages.invalidSize })
    .default(LIST_PAGE_SIZE_DEFAULT),
});

/** "true"/"false"/"1"/"0" in a query string. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: messages.invalidBoolean })
  .transform((v) => v === 'true' || v === '1');
