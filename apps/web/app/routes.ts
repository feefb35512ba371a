import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('stock', 'routes/stock-list.tsx'),
  route('stock/:companyIdx', 'routes/stock-detail.tsx'),
  route('favorite', 'routes/favorite.tsx'),
  route('myPage', 'routes/my-page.tsx', [index('routes/my-account.tsx'), route('trades', 'routes/my-trades.tsx')]),
  route('notice', 'routes/content-list.tsx', { id: 'notice-list' }),
  route('notice/:id', 'routes/content-detail.tsx', { id: 'notice-detail' }),
  route('event', 'routes/content-list.tsx', { id: 'event-list' }),
  route('event/:id', 'routes/content-detail.tsx', { id: 'event-detail' }),
  route('unlisted/news', 'routes/content-list.tsx', { id: 'news-list' }),
  route('unlisted/news/:id', 'routes/content-detail.tsx', { id: 'news-detail' }),
  route('unlisted/market', 'routes/content-list.tsx', { id: 'market-list' }),
  route('unlisted/market/:id', 'routes/content-detail.tsx', { id: 'market-detail' }),
  route('intro', 'routes/legal-page.tsx', { id: 'intro' }),
  route('terms', 'routes/legal-page.tsx', { id: 'terms' }),
  route('privacy', 'routes/legal-page.tsx', { id: 'privacy' }),
  route('caution', 'routes/legal-page.tsx', { id: 'caution' }),
  route('auth/callback/:provider', 'routes/auth-callback.tsx'),
  route('_app', 'routes/app-entry.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
