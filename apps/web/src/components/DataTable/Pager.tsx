import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PAGE_SIZE_OPTIONS } from '@qualis/contract';
import { Button, Select } from 'antd';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { ELLIPSIS, pageItems } from './pages';
import type { TableAction, TableState } from './table-state';

/**
 * `known`: the server has answered with a total, so the range is true (never '0–0 of 0' while
 * loading); `atLeast`: that total is a floor (a capped count), shown as '1000+'.
 */
export function Pager({
  state,
  dispatch,
  known,
  atLeast = false,
}: {
  state: TableState;
  dispatch: Dispatch<TableAction>;
  known: boolean;
  atLeast?: boolean;
}) {
  const { t } = useTranslation();
  const { pageNumber, pageCount, totalItems, offset, limit } = state;
  const goTo = (page: number) => dispatch({ type: 'page', pageNumber: page });

  return (
    <nav className="qualis-pager" aria-label={t('table.pagination')}>
      <span className="qualis-pager__range" aria-live="polite">
        {known &&
          t(atLeast ? 'table.rangeAtLeast' : 'table.range', {
            from: totalItems ? offset + 1 : 0,
            to: Math.min(offset + limit, totalItems),
            total: totalItems,
          })}
      </span>
      <div className="qualis-pager__pages">
        <Button
          type="text"
          icon={<LeftOutlined />}
          aria-label={t('table.previousPage')}
          disabled={pageNumber <= 1}
          onClick={() => goTo(pageNumber - 1)}
        />
        {pageItems(pageNumber, pageCount).map((item, index) =>
          item === ELLIPSIS ? (
            <span key={`gap-${index}`} className="qualis-pager__gap">
              {ELLIPSIS}
            </span>
          ) : (
            <Button
              key={item}
              type={item === pageNumber ? 'primary' : 'text'}
              aria-current={item === pageNumber ? 'page' : undefined}
              aria-label={t('table.page', { page: item })}
              onClick={() => goTo(item)}
            >
              {item}
            </Button>
          ),
        )}
        <Button
          type="text"
          icon={<RightOutlined />}
          aria-label={t('table.nextPage')}
          disabled={pageNumber >= pageCount}
          onClick={() => goTo(pageNumber + 1)}
        />
      </div>
      <Select
        className="qualis-pager__size"
        aria-label={t('table.pageSize')}
        value={limit}
        onChange={(size) => dispatch({ type: 'pageSize', limit: size })}
        options={PAGE_SIZE_OPTIONS.map((size) => ({ value: size, label: t('table.perPage', { size }) }))}
      />
    </nav>
  );
}
