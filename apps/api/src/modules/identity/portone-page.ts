import { inlineSource } from '../../plugins/security-headers.ts';

/** JSON in a data block: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export const PORTONE_SDK_URL = 'https://cdn.portone.io/v2/browser-sdk.js';
export const PORTONE_PAGE_PATH = '/identity/portone';

/** The same for every request (the request's settings are in the JSON block), so its hash is the policy. */
const SCRIPT = `
const cfg = JSON.parse(document.getElementById('cfg').textContent);
const KEY = 'beesang-identity-request';
const msg = document.getElementById('msg');
const fail = (text) => { msg.className = 'err'; msg.textContent = text || '본인인증에 실패했어요. 다시 시도해주세요.'; };
const finish = () => {
  const requestId = cfg.request || sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (window.opener && requestId) window.opener.postMessage({ kind: 'authCI', requestId }, location.origin);
  window.close();
};
const back = new URLSearchParams(location.search);
if (back.has('identityVerificationId')) {
  if (back.get('code')) fail(back.get('message')); else finish();
} else if (!cfg.request || !window.PortOne) {
  fail('본인인증 서비스에 연결하지 못했어요. 잠시 후 다시 시도해주세요.');
} else {
  sessionStorage.setItem(KEY, cfg.request);
  PortOne.requestIdentityVerification({
    storeId: cfg.storeId,
    channelKey: cfg.channelKey,
    identityVerificationId: cfg.identityVerificationId,
    redirectUrl: location.origin + location.pathname,
  }).then((res) => {
    if (res === undefined) return; // redirect mode: PortOne brings the popup back here
    if (res.code) fail(res.message); else finish();
  }, () => fail());
}
`;

/**
 * Scripts: PortOne's SDK from its CDN and this page's one inline script, nothing else; no plugins,
 * no <base>, never in a frame. Styles may be inline (the SDK styles the window it opens over the
 * page). What the SDK's window then loads, frames and calls (PortOne's and the carriers' hosts,
 * which differ by channel) is left open rather than guessed: a wrong guess would stop 본인확인.
 */
export const PORTONE_SDK_CSP = [
  `script-src ${inlineSource(SCRIPT)} https://cdn.portone.io`,
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Our hand-off page for PortOne 본인확인, opened in the popup by the web app. It loads PortOne's
 * browser SDK and opens PortOne's window for this request; when PortOne is done (the SDK's promise
 * on desktop, or a redirect back here with `identityVerificationId` on mobile) it tells the opener
 * with the same `authCI` message as the simulated provider. The message only means "ask now": the
 * server then fetches the result from PortOne. The request token never goes to PortOne (the
 * redirect comes back without it; the popup keeps it in sessionStorage).
 */
export function portOneHandoffPage(p: {
  storeId: string;
  channelKey: string;
  request: string | null;
  identityVerificationId: string | null;
}): string {
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>본인확인</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{font-family:system-ui,-apple-system,'Apple SD Gothic Neo','Noto Sans KR',sans-serif;margin:0;background:#f9fafb;color:#191f28}
main{max-width:400px;margin:24px auto;background:#fff;border-radius:16px;padding:24px;text-align:center}
h1{font-size:20px;margin:0 0 12px}
p.err{color:#d92b3a;font-size:14px}
</style>
<script src="${PORTONE_SDK_URL}"></script></head>
<body>
<main><h1>휴대폰 본인확인</h1><p id="msg" aria-live="polite">본인확인 창을 여는 중입니다…</p></main>
<script type="application/json" id="cfg">${scriptJson(p)}</script>
<script>${SCRIPT}</script>
</body></html>`;
}
