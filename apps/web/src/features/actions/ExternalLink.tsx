import type { ReactNode } from 'react';

/** A link the person entered: opens in a new tab, without giving that page a handle on ours. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
