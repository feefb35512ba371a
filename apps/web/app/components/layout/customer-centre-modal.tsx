import { Modal } from '../ui/modal';
import { APP_STORE_URL, PLAY_STORE_URL } from './app-links';

/** Customer centre: only through the app's 1:1 inquiry (spec §1), explained with a QR code. */
export function CustomerCentreModal({ open, onClose, qrSvg }: { open: boolean; onClose(): void; qrSvg: string }) {
  return (
    <Modal open={open} onClose={onClose} title="고객센터" width={375}>
      <p className="text-[15px] leading-relaxed text-ink-2">
        고객센터는 비상 앱의 1:1 문의로 운영됩니다. QR 코드를 찍어 앱을 설치한 뒤 문의를 남겨주세요.
      </p>
      <div className="mx-auto my-5 size-44" role="img" aria-label="비상 앱 설치 QR 코드" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <div className="grid grid-cols-2 gap-2">
        <a
          href={APP_STORE_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-control bg-ink py-2.5 text-center text-sm font-semibold text-white"
        >
          App Store
        </a>
        <a
          href={PLAY_STORE_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-control bg-ink py-2.5 text-center text-sm font-semibold text-white"
        >
          Google Play
        </a>
      </div>
    </Modal>
  );
}
