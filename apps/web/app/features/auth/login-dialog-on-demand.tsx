import { preloadModal } from '../../components/ui/modal';
import { onDemand } from '../../lib/on-demand';
import { useSession } from '../../lib/session';

// The dialog's pages (sign-up forms with the contract's zod rules, the photo upload) are fetched when
// it first opens, or earlier when the pointer or focus reaches a button that opens it. `open` only
// tells the stand-in when it is needed; the dialog itself follows the session.
const loginDialog = onDemand<{ open: boolean }>(
  () => Promise.all([import('./login-dialog'), preloadModal()]).then(([m]) => m.LoginDialog),
  {
    shown: (p) => p.open,
  },
);

/** Fetches the login dialog's code ahead of need: pointerenter/focus of 로그인, or of a control that asks a visitor to log in. */
export const preloadLoginDialog = loginDialog.preload;

/** The app's login dialog (login-dialog.tsx), its code loaded the first time `session.openLoginDialog()` runs. */
export function OnDemandLoginDialog() {
  const { loginDialogOpen } = useSession();
  return <loginDialog.Component open={loginDialogOpen} />;
}
