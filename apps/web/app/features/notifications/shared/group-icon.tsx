import type { NotificationGroup } from '@beesang/contract';
import { GROUP_TONE } from './kind-text';

const PATHS: Record<NotificationGroup, string> = {
  // A star: a favourite's new listing.
  favoriteListings: 'M12 3.5l2.6 5.3 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.7 1-5.8-4.3-4.1 5.9-.8z',
  // A line that crosses a level.
  priceAlerts: 'M3.5 17.5l5-5.5 4 3 8-8.5M3.5 9h17',
  // A speech bubble: deals and their messages.
  deals: 'M4.5 5.5h15v9.5h-8.5l-4.5 3.5V15h-2z',
  // A check in a circle: an operator's decision.
  outcomes: 'M12 3.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17zM8.2 12.2l2.6 2.6 5-5.3',
  // A lock: sign-ins and the password.
  security: 'M7 10.5V8a5 5 0 0 1 10 0v2.5M5.5 10.5h13v9h-13z',
  // A megaphone: advertising.
  marketing: 'M4.5 10v4h3l7 4V6l-7 4zM17.5 9.5a3.5 3.5 0 0 1 0 5',
};

/** A notification's group as a 36 px tinted square with its mark; decorative (the row says its kind in words). */
export function GroupIcon({ group }: { group: NotificationGroup }) {
  return (
    <span aria-hidden="true" className={`flex size-9 shrink-0 items-center justify-center rounded-[10px] ${GROUP_TONE[group]}`}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d={PATHS[group]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
