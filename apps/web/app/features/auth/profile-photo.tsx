import { useId } from 'react';
import { Button } from '../../components/ui/button';

/**
 * Expert profile photo. The upload endpoint is not built yet, so the control is shown disabled with
 * the default image; the API explains the missing photo when the form is sent.
 */
export function ProfilePhoto() {
  const noteId = useId();
  return (
    <div>
      <p className="mb-1.5 text-sm font-semibold text-ink-2">프로필 사진</p>
      <div className="flex items-center gap-4">
        <img src="/default-profile.svg" alt="기본 프로필 이미지" width={64} height={64} className="size-16 rounded-full bg-page" />
        <div>
          <Button variant="ghost" disabled aria-describedby={noteId} className="h-9 text-sm">
            사진 추가
          </Button>
          <p id={noteId} className="mt-1 text-xs text-ink-3">
            사진 등록은 준비 중이에요.
          </p>
        </div>
      </div>
    </div>
  );
}
