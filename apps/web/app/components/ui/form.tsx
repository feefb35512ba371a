import type { FormHTMLAttributes } from 'react';

/**
 * A form whose rules are ours, not the browser's: no native validation bubbles (each field shows
 * its own Korean error), and a submit that never reloads the page.
 */
export function Form({ onSubmit, ...rest }: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit(): unknown }) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    />
  );
}
