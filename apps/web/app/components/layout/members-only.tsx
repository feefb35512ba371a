import { useSession } from '../../lib/session';

/** A members-only page seen by a visitor: what the page is for, and the login dialog one click away. */
export function MembersOnly({ title, reason }: { title: string; reason: string }) {
  const session = useSession();
  if (session.resuming) {
    // A member whose access token lapsed is being recognised again: their page follows in a moment.
    return (
      <div className="mx-auto max-w-[800px]" aria-busy="true">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <div className="h-40 animate-pulse rounded-card bg-white ring-1 ring-line" />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-[800px]">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <div className="rounded-card bg-white p-10 text-center ring-1 ring-line">
        <p className="text-ink-2">{reason}</p>
        <button
          type="button"
          onClick={session.openLoginDialog}
          className="mt-5 h-11 rounded-control bg-brand px-6 font-semibold text-white hover:bg-brand-hover"
        >
          로그인
        </button>
      </div>
    </div>
  );
}
