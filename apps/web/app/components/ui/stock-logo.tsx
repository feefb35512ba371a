/** Company logo; the default image when the company has none (spec §9). */
export function StockLogo({ src, name, size = 32 }: { src: string; name: string; size?: number }) {
  return (
    <img
      src={src || '/default-logo.svg'}
      alt={`${name} 로고`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-[10px] bg-page"
      style={{ width: size, height: size }}
    />
  );
}
