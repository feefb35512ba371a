import { Link } from 'react-router';

/** A front-page card: how many wait in one queue and how long the oldest has waited. */
export function QueueCard(props: { title: string; to: string; count: string | null; detail: string }) {
  return (
    <Link
      to={props.to}
      className="block rounded-card bg-white p-5 ring-1 ring-line transition-shadow hover:shadow-md"
      data-testid="queue-card"
    >
      <p className="text-sm font-semibold text-ink-2">{props.title}</p>
      <p className="num mt-1 text-3xl font-bold">
        {props.count ?? <span className="text-base font-medium text-ink-3">불러오지 못함</span>}
      </p>
      <p className="mt-2 text-sm text-ink-3">{props.detail}</p>
    </Link>
  );
}
