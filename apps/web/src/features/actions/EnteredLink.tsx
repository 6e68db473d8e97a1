import { RECORD_LINK_PATTERN } from '@qualis/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecordKind } from './RecordLinkPicker';

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

/**
 * What a link reads: its description (the record's name, 'SOP-007 Cleanroom Gowning'); a record
 * without one by its kind ('Document'), never by its internal path; an outside address as it is.
 */
export function useLinkText(): (href: string, description: string | null) => string {
  const { t } = useTranslation();
  return (href, description) => {
    if (description) return description;
    const kind = RECORD_LINK_PATTERN.exec(href)?.[2] as RecordKind | undefined;
    return kind ? t(`recordLink.kinds.${kind}`) : href;
  };
}
