import type { FastifyPluginAsync } from 'fastify';
import type { ContentService } from '../content/content.service.ts';
import type { StockService } from '../stock/stock.service.ts';

const STATIC_PATHS = ['/', '/stock', '/unlisted/news', '/unlisted/market', '/notice', '/event'];
const CONTENT_PATHS: Record<string, string> = { notice: '/notice', event: '/event', news: '/unlisted/news', market: '/unlisted/market' };

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const seoRoutes: FastifyPluginAsync<{ stocks: StockService; contents: ContentService; publicUrl: string }> = async (
  app,
  { stocks, contents, publicUrl },
) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /myPage\nDisallow: /favorite\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );

  // Browsers ask for /favicon.ico on pages that name no icon (the identity pages, a raw API answer);
  // the site's icon is the SVG in apps/web/public.
  app.get('/favicon.ico', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const [companies, posts] = await Promise.all([stocks.sitemapEntries(), contents.sitemapEntries()]);
    const urls: string[] = STATIC_PATHS.map((p) => `<url><loc>${escapeXml(publicUrl + p)}</loc><changefreq>daily</changefreq></url>`);
    for (const c of companies) {
      urls.push(
        `<url><loc>${publicUrl}/stock/${c.id}</loc><lastmod>${c.price_updated_at.toISOString().slice(0, 10)}</lastmod><changefreq>daily</changefreq></url>`,
      );
    }
    for (const p of posts) {
      urls.push(
        `<url><loc>${publicUrl}${CONTENT_PATHS[p.kind]}/${p.id}</loc><lastmod>${p.published_at.toISOString().slice(0, 10)}</lastmod></url>`,
      );
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
};
