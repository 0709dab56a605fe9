/** Serene's mark: a rising sun over still water, drawn in the accent colour. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="currentColor" opacity="0.14" />
      <path d="M8 18a8 8 0 0 1 16 0z" fill="currentColor" />
      <path d="M7 21.5h18M10 25h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
