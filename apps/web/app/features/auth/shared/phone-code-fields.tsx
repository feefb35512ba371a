import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useErrorLine } from './error-line';
import { formatMmSs } from './use-countdown';
import { CODE_MAX, PHONE_MAX, type PhoneVerification } from './use-phone-verification';

/**
 * The phone number with its 인증요청 button, the SMS code with its clock, and the error line they
 * share, as the LOGIN page and the id sign-up's phone step have them.
 */
export function PhoneCodeFields({ verification: v }: { verification: PhoneVerification }) {
  const error = useErrorLine(v.error);
  return (
    <>
      <div className="mt-8 space-y-4">
        <TextField
          label="휴대폰 번호"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="01012345678"
          maxLength={PHONE_MAX}
          value={v.phone}
          onChange={(e) => v.setPhone(e.target.value)}
          onBlur={v.blurPhone}
          aria-invalid={v.phoneInvalid || undefined}
          aria-describedby={error.describedBy}
          trailing={
            // Busy, not disabled, while the code is on its way: a disabled button would drop the
            // keyboard's focus on the page's <body>, and the next Tab should reach the code field.
            <Button
              variant="ghost"
              className="h-12 shrink-0 aria-disabled:cursor-not-allowed aria-disabled:bg-disabled aria-disabled:text-disabled-ink aria-disabled:ring-0"
              aria-disabled={v.sending || undefined}
              onClick={() => {
                if (!v.sending) void v.requestCode();
              }}
            >
              {v.requested ? '재전송' : '인증요청'}
            </Button>
          }
        />
        <TextField
          label="인증번호"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6자리 숫자"
          maxLength={CODE_MAX}
          value={v.code}
          onChange={(e) => v.setCode(e.target.value)}
          onBlur={v.blurCode}
          aria-invalid={v.codeInvalid || undefined}
          aria-describedby={error.describedBy}
          trailing={v.remainingMs > 0 ? <CodeClock remainingMs={v.remainingMs} /> : null}
        />
      </div>
      {error.line}
    </>
  );
}

function CodeClock({ remainingMs }: { remainingMs: number }) {
  return (
    <span
      role="timer"
      aria-label="인증번호 남은 시간"
      className="num flex w-14 shrink-0 items-center justify-end text-sm font-semibold text-danger"
    >
      {formatMmSs(remainingMs)}
    </span>
  );
}
