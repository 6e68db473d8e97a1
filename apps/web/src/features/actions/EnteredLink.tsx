import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link the person entered: a record of the product (a path from the link-to-record picker)
 * opens in the app; an outside address opens in a new tab, without a handle on ours.
 */
export function EnteredLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
