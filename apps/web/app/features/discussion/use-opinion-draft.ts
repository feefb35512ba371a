import { useCallback, useEffect, useState } from 'react';

const storageKey = (companyIdx: number) => `beesang.opinionDraft.${companyIdx}`;

/**
 * The opinion being typed, kept in sessionStorage per company: switching tabs, closing the panel,
 * a failed send or a sign-in in between loses nothing. Cleared once the opinion is posted.
 */
export function useOpinionDraft(companyIdx: number): [string, (text: string) => void] {
  const [draft, setDraft] = useState('');

  useEffect(() => {
    setDraft(read(companyIdx));
  }, [companyIdx]);

  const update = useCallback(
    (text: string) => {
      setDraft(text);
      try {
        if (text) sessionStorage.setItem(storageKey(companyIdx), text);
        else sessionStorage.removeItem(storageKey(companyIdx));
      } catch {
        // Storage may be full or blocked (private mode): the draft still lives in state.
      }
    },
    [companyIdx],
  );
  return [draft, update];
}

function read(companyIdx: number): string {
  try {
    return sessionStorage.getItem(storageKey(companyIdx)) ?? '';
  } catch {
    return '';
  }
}
