import { PRODUCT_NAME } from '@beesang/contract';

export const SITE_DESCRIPTION = '비상장 주식 시세, 종목 정보, 재무, 뉴스와 직거래까지. 비상에서 빠르고 안전하게 확인하세요.';

/** Title, description, canonical URL and Open Graph tags for a page. */
export function pageMeta(input: { title?: string; description?: string; path: string; origin: string; image?: string }) {
  const title = input.title ? `${input.title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME} - 비상장 주식 정보와 직거래`;
  const description = input.description ?? SITE_DESCRIPTION;
  const url = `${input.origin}${input.path}`;
  const image = `${input.origin}${input.image ?? '/og-default.png'}`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: PRODUCT_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: 'ko_KR' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}
