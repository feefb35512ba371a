/** A member's profile image, or the default one; it sits next to the nickname, so its alt is empty. */
export function Avatar({ url, size, lazy, className = '' }: { url: string; size: number; lazy?: boolean; className?: string }) {
  return (
    <img
      src={url || '/default-profile.svg'}
      alt=""
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      className={`shrink-0 rounded-full bg-page object-cover ${className}`}
    />
  );
}
