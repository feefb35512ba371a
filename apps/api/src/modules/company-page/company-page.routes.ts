import { companyMemberPartsSchema, envelope, errorSchema, idParam, TRADE_PAGE_SIZE, TradeType } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AnswerCache, companyTag, ownerTag, readerTag, sendKept, variantKey } from '../../lib/answer-cache.ts';
import { requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Favorites } from '../favorite/favorite.service.ts';
import type { PriceAlertsService } from '../notification/alerts/price-alerts.service.ts';
import type { StockService } from '../stock/stock.service.ts';
import type { TradeService } from '../trade/trade.service.ts';

const params = z.object({ id: idParam });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * A company's page, the signed-in member's parts in one read (decision 0037): what the web client
 * reads over the shared page once the member is known — the profile (their star), each side's first
 * listings (their own and reported marks) and their price alerts. Each part comes from the service
 * its own route asks; the answer is the member's alone, kept as bytes under their id until a write
 * changes any part (the company, a listing, a writer's trust line, their stars, reports or alerts)
 * and sent by the server's door the next time (decision 0036).
 */
export const companyPageRoutes: FastifyPluginAsyncZod<{
  stocks: StockService;
  trades: TradeService;
  alerts: Pick<PriceAlertsService, 'list'>;
  favoritesOf: (memberId: number) => Promise<Favorites>;
  auth: AuthService;
  answers?: AnswerCache;
  /** The app's clock (ms): how long the listings stay as they are. */
  now?: () => number;
}> = async (app, { stocks, trades, alerts, favoritesOf, auth, answers, now = Date.now }) => {
  app.get(
    '/api/web/stock/:id/member',
    {
      onRequest: requireMember(auth),
      schema: {
        tags: ['stock'],
        summary: '종목 상세의 내 정보 한 번에 (관심 여부가 담긴 프로필, 매도·매수 첫 페이지, 내 가격 알림 전체)',
        params,
        response: { 200: envelope(companyMemberPartsSchema), ...errors },
      },
    },
    async (req, reply) => {
      // Taken before anything the answer is made of is read: a write announced meanwhile keeps nothing.
      const generation = answers?.generation() ?? 0;
      const memberId = req.member!.id;
      const id = req.params.id;
      const side = (tradeType: TradeType) => trades.keyedList(id, { tradeType, page: 1, size: TRADE_PAGE_SIZE }, memberId);
      const [favorites, sell, buy] = await Promise.all([favoritesOf(memberId), side(TradeType.SELL), side(TradeType.BUY)]);
      const answer = async () => {
        const [profile, sellPage, buyPage, priceAlerts] = await Promise.all([
          stocks.profile(id, favorites.ids.has(id)),
          sell.make(),
          buy.make(),
          alerts.list(memberId),
        ]);
        return { result: { profile, sell: sellPage, buy: buyPage, priceAlerts: priceAlerts.data } };
      };
      if (!answers) return answer();
      // Theirs alone: dropped with the company (its price, row and listings), a writer on the book,
      // and anything of theirs that chose it (stars, reports, alerts, account: `readerTag`).
      const tags = [companyTag(id), readerTag(memberId), ...new Set([...sell.owners, ...buy.owners].map(ownerTag))];
      const keeping = { generation, from: now(), until: Math.min(sell.unchangedUntil, buy.unchangedUntil) };
      return sendKept(answers, reply, variantKey(req.url, `member:${memberId}`), tags, answer, keeping, { id: memberId, generation });
    },
  );
};
