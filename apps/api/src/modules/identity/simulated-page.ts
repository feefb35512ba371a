import { inlineSource } from '../../plugins/security-headers.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{font-family:system-ui,-apple-system,'Apple SD Gothic Neo','Noto Sans KR',sans-serif;margin:0;background:#f9fafb;color:#191f28}
.test{background:#ffb800;color:#191f28;font-weight:700;text-align:center;padding:10px;font-size:14px}
main{max-width:400px;margin:24px auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0}
label{display:block;font-size:14px;font-weight:600;color:#4e5968;margin:16px 0 6px}
input{width:100%;box-sizing:border-box;height:48px;border:1px solid #e5e8eb;border-radius:8px;padding:0 12px;font-size:16px}
button{margin-top:24px;width:100%;height:48px;border:0;border-radius:8px;background:#1a6de0;color:#fff;font-size:16px;font-weight:700}
p.err{color:#d92b3a;font-size:14px;min-height:20px}
`;

/** The same for every request (the request token is in the form's data), so its hash is the policy. */
const SCRIPT = `
const form = document.getElementById('f');
const token = form.dataset.request;
form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const res = await fetch('/api/identity/simulated/complete', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ request: token, name: form.name.value, birth: form.birth.value, phone: form.phone.value }),
  });
  if (!res.ok) { document.getElementById('err').textContent = (await res.json()).message || '본인확인에 실패했습니다.'; return; }
  if (window.opener) window.opener.postMessage({ kind: 'authCI', requestId: token }, location.origin);
  window.close();
});
`;

/** Exactly what the page uses: its one inline script and style, calls to our API, the form to us (and the browser's favicon). */
export const SIMULATED_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${inlineSource(SCRIPT)}`,
  `style-src ${inlineSource(STYLE)}`,
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The simulated 본인확인 provider page (test mode). It answers through our API and tells the
 * opener with a window message of kind `authCI`, as a real provider's return page would.
 */
export function simulatedProviderPage(requestToken: string): string {
  const token = escapeHtml(requestToken);
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>본인확인 (테스트 모드)</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style></head>
<body>
<div class="test" role="status">테스트 모드 · 실제 본인확인이 아닙니다</div>
<main>
<h1>휴대폰 본인확인</h1>
<form id="f" data-request="${token}">
<label for="name">이름</label><input id="name" name="name" required maxlength="20" autocomplete="name">
<label for="birth">생년월일 (8자리)</label><input id="birth" name="birth" required inputmode="numeric" pattern="\\d{8}" maxlength="8" placeholder="19900101">
<label for="phone">휴대폰 번호</label><input id="phone" name="phone" required inputmode="numeric" pattern="010\\d{8}" maxlength="11" placeholder="01012345678">
<p class="err" id="err" aria-live="polite"></p>
<button type="submit">인증 완료</button>
</form>
</main>
<script>${SCRIPT}</script>
</body></html>`;
}
