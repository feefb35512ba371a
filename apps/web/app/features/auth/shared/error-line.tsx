import { useId } from 'react';

/**
 * The one error line the login pages' fields share (spec §2 LOGIN): announced when it changes,
 * and pointed to by the fields through `describedBy` while it says something.
 */
export function useErrorLine(error: string) {
  const id = useId();
  return {
    describedBy: error ? id : undefined,
    line: (
      <p id={id} aria-live="polite" className="mt-3 min-h-5 text-sm text-danger">
        {error}
      </p>
    ),
  };
}
