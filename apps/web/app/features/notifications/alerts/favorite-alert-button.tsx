import { useState } from 'react';
import { BellIcon } from '../../../components/layout/bell-icon';
import { Modal, preloadModal } from '../../../components/ui/modal';
import { FAVORITE_ALERT_TITLE, FavoriteAlertForm } from './favorite-alert-form';

/**
 * A favourite row's 새 매물 알림: a bell that opens the setting in a small dialog (on by default;
 * the row does not read it until asked, so a list of 100 favourites costs no 100 reads). Once
 * known, the bell shows whether it is on.
 */
export function FavoriteAlertButton({
  companyIdx,
  companyName,
  className = '',
}: {
  companyIdx: number;
  companyName: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const state = enabled === null ? '' : enabled ? ', 켜짐' : ', 꺼짐';
  return (
    <>
      <button
        type="button"
        aria-label={`${companyName} ${FAVORITE_ALERT_TITLE} 설정${state}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadModal}
        onFocus={preloadModal}
        className={`relative ${className}`}
        data-alert={enabled === null ? undefined : enabled ? 'on' : 'off'}
      >
        <BellIcon className="size-5" />
        {enabled === false && (
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" className="absolute">
            <path d="M4 16L16 4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        )}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={FAVORITE_ALERT_TITLE} width={400}>
        {open && (
          <FavoriteAlertForm
            companyIdx={companyIdx}
            companyName={companyName}
            onSaved={(alert) => {
              setEnabled(alert.enabled);
              setOpen(false);
            }}
          />
        )}
      </Modal>
    </>
  );
}
