import { formatChange, formatPrice, messages } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import type { StockService } from '../stock/stock.service.ts';
import { logoSvg, shareImageSvg } from './logo.ts';

const DAY = 86_400;

export const mediaRoutes: FastifyPluginAsyncZod<{ stocks: StockService }> = async (app, { stocks }) => {
  app.get(
    '/media/logos/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[0-9A-Za-z]{1,12}\.svg$/) }) } },
    async (req, reply) => {
      const code = req.params.file.slice(0, -4);
      const hit = (await stocks.search(code, false)).find((r) => r.beesangCode === code);
      if (!hit) throw new NotFoundError('companyNotFound');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', `public, max-age=${DAY}`)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(logoSvg(code, hit.companyName));
    },
  );

  // Open Graph share image for a stock page (PNG, as the crawlers of KakaoTalk and Naver want).
  app.get(
    '/media/og/stock/:id',
    {
      schema: {
        hide: true,
        params: z.object({
          // 1 … 999,999,999 by the pattern alone: no parse inside the transform, whose ZodError would escape as a 500.
          id: z
            .string()
            .regex(/^[1-9]\d{0,8}\.png$/, { error: messages.invalidId })
            .transform((v) => Number(v.slice(0, -4))),
        }),
      },
    },
    async (req, reply) => {
      const p = await stocks.profile(req.params.id, false);
      const gap = Number(p.stockPriceGap);
      const svg = shareImageSvg({
        name: p.companyName,
        code: p.beesangCode,
        price: formatPrice(p.companyStockCurrentPrice),
        change: formatChange(p.stockPriceGap, p.stockPriceRateGap),
        up: gap === 0 ? null : gap > 0,
      });
      const sharp = await loadSharp();
      const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
      return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=600').send(png);
    },
  );
};
