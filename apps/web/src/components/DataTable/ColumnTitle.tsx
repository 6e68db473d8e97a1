import { CaretDownFilled, CaretUpFilled } from '@ant-design/icons';
import type { OrderDirection } from '@qualis/contract';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  /** The current sort of this column, if it is the sorted one. */
  direction: OrderDirection | undefined;
  /** Absent for columns that cannot be sorted. */
  onSort: (() => void) | undefined;
  width: number;
  onResize: (width: number) => void;
  /** Tells the header that a resize is under way, so it does not start a column drag. */
  onResizing: (active: boolean) => void;
}

const KEYBOARD_STEP = 1;

export function ColumnTitle({ title, direction, onSort, width, onResize, onResizing }: Props) {
  const { t } = useTranslation();
  const start = useRef<{ x: number; width: number; tableWidth: number } | null>(null);

  const label = onSort ? (
    <button
      type="button"
      className="qualis-th-sort"
      onClick={(event) => {
        // The header cell sorts on a click too; this one must not sort twice.
        event.stopPropagation();
        onSort();
      }}
    >
      <span className="qualis-th-text" title={title}>
        {title}
      </span>
      <span className="qualis-th-carets" aria-hidden="true">
        <CaretUpFilled className={direction === 'asc' ? 'is-active' : undefined} />
        <CaretDownFilled className={direction === 'desc' ? 'is-active' : undefined} />
      </span>
    </button>
  ) : (
    <span className="qualis-th-text" title={title}>
      {title}
    </span>
  );

  const onPointerDown = (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const tableWidth = event.currentTarget.closest('table')?.getBoundingClientRect().width ?? 0;
    start.current = { x: event.clientX, width, tableWidth: tableWidth || 1 };
    event.currentTarget.setPointerCapture(event.pointerId);
    onResizing(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLSpanElement>) => {
    const from = start.current;
    if (from) onResize(from.width + ((event.clientX - from.x) / from.tableWidth) * 100);
  };
  const onPointerUp = (event: PointerEvent<HTMLSpanElement>) => {
    start.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
    onResizing(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const step = event.key === 'ArrowLeft' ? -KEYBOARD_STEP : event.key === 'ArrowRight' ? KEYBOARD_STEP : 0;
    if (!step) return;
    event.preventDefault();
    onResize(width + step);
  };

  return (
    <>
      {label}
      <span
        className="qualis-th-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label={t('table.resizeColumn', { column: title })}
        aria-valuenow={Math.round(width)}
        tabIndex={0}
        onClick={(event) => event.stopPropagation()}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      />
    </>
  );
}
