import { redirect } from 'react-router';

/** The application entry route of spec §2. */
export function loader() {
  return redirect('/');
}
