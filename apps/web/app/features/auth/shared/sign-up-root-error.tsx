/** The form-wide error of spec §4 (e.g. no token after sign-up), announced when it appears. */
export function SignUpRootError({ message }: { message: string }) {
  return (
    <p role="alert" className={message ? 'text-sm text-danger' : 'sr-only'}>
      {message}
    </p>
  );
}
