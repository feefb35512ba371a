import { SAME_FOR_MEMBERS } from '../lib/session';

// What a member sees here is what a visitor sees: the shared page needs no second read for them (issue 24).
export const handle = SAME_FOR_MEMBERS;

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
