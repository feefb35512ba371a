export const RESET_DONE = '비밀번호를 바꿨어요. 새 비밀번호로 로그인해주세요.';

/**
 * Shown on ID_LOGIN after a reset. A status region, so it is announced; dark green on the pale
 * success tint, since the token's own green is too light for text (under 4.5:1 on white).
 */
export function ResetDoneNotice() {
  return (
    <p role="status" className="mb-6 flex items-center gap-2 rounded-control bg-success/10 px-4 py-3 text-sm font-semibold text-[#02724a]">
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 8.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {RESET_DONE}
    </p>
  );
}
