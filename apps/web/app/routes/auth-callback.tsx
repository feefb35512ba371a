import { PRODUCT_NAME } from '@beesang/contract';
import type { Route } from './+types/auth-callback';

export const meta: Route.MetaFunction = () => [{ title: PRODUCT_NAME }, { name: 'robots', content: 'noindex' }];

/** OAuth and identity-verification providers return here; rendered without header and footer. */
export default function AuthCallback({ params }: Route.ComponentProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <div className="size-10 animate-spin rounded-full border-4 border-line border-t-brand" aria-hidden="true" />
      <h1 className="text-lg font-bold">로그인 처리 중입니다</h1>
      <p className="text-sm text-ink-2">{params.provider} 인증 결과를 확인하고 있어요. 잠시만 기다려주세요.</p>
    </main>
  );
}
