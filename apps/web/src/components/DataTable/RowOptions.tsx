import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../useNarrow';

export interface RowOption {
  key: string;
  /** What it does, short ('Edit'): the tooltip, and the entry of the phone menu. */
  label: string;
  /** The accessible name, naming the row too ('Edit Acme Medical'); by default 'Edit: <rowName>'. */
  ariaLabel?: string;
  /** Why it is disabled, shown instead of the label. */
  hint?: string;
  icon: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** The pixels a row of `count` option buttons needs in its cell (32 px buttons, 2 px apart, the cell's padding). */
export const rowOptionsWidth = (count: number) => count * 32 + (count - 1) * 2 + 32;

/**
 * A row's options (spec 01 section 9): a row of icon buttons with tooltips on wide screens, one
 * '…' menu on phones so the options column stays narrow, named 'Options for <rowName>'. An option
 * the row does not offer may be given as `false`.
 */
export function RowOptions({ options: given, rowName }: { options: (RowOption | false)[]; rowName: string }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const options = given.filter((o) => o !== false);
  if (narrow) {
    return (
      <Dropdown
        autoFocus
        trigger={['click']}
        menu={{
          items: options.map((o) => ({
            key: o.key,
            icon: o.icon,
            danger: o.danger,
            disabled: o.disabled,
            label: o.disabled && o.hint ? `${o.label} (${o.hint})` : o.label,
            onClick: o.onClick,
          })),
        }}
      >
        <Button type="text" icon={<MoreOutlined />} aria-label={t('table.rowOptions', { name: rowName })} />
      </Dropdown>
    );
  }
  return (
    <span className="qualis-row-options">
      {options.map((o) => (
        <Tooltip key={o.key} title={o.disabled && o.hint ? o.hint : o.label}>
          <Button
            type="text"
            icon={o.icon}
            aria-label={o.ariaLabel ?? `${o.label}: ${rowName}`}
            disabled={o.disabled}
            danger={o.danger}
            onClick={o.onClick}
          />
        </Tooltip>
      ))}
    </span>
  );
}
