/** The product's wordmark; `light` for dark backgrounds. */
export function ProductLogo({ light = false }: { light?: boolean }) {
  return (
    <span className={`qualis-logo${light ? ' qualis-logo--light' : ''}`}>
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <rect width="24" height="24" rx="6" fill="#1f5fd1" />
        <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      Qualis
    </span>
  );
}
