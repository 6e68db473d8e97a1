import { CheckSquareOutlined, FileTextOutlined, IdcardOutlined, ReadOutlined } from '@ant-design/icons';
import type { GlobalSearchRow, SearchResultType, SearchSortKey, SnippetPart } from '@qualis/contract';
import { Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, listQuery, useTableState, type DataTableColumn } from '../../components/DataTable';
import { globalSearchParams, useGlobalSearch } from './search.api';
import type { SearchTerms } from './search-url';

/** The same icons as the side menu's entries of these areas. */
const typeIcons: Record<SearchResultType, ReactNode> = {
  Document: <FileTextOutlined />,
  Action: <CheckSquareOutlined />,
  TrainingRecord: <ReadOutlined />,
  HumanResource: <IdcardOutlined />,
};

/** A snippet as text, the searched words highlighted; the server's text is never read as HTML. */
function Snippet({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <span className="qualis-snippet">
      {parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : part.text))}
    </span>
  );
}

/** Only a path of this app is followed; anything else stays text. */
const isAppPath = (link: string) => link.startsWith('/') && !link.startsWith('//');

/**
 * The results of a global search (spec 03 section 2, issue 12): name (a link to the
 * artifact), type and where the text matched, paged and sorted by relevance, type or name. A new
 * search starts at page 1 and keeps the chosen order.
 */
export function GlobalSearchTable({ organizationId, terms }: { organizationId: string; terms: SearchTerms }) {
  const { t } = useTranslation();
  const [state, dispatch] = useTableState({
    defaultSort: { key: 'relevance' satisfies SearchSortKey, direction: 'desc' },
  });
  const searchedFor = `${terms.mode}:${terms.q}`;
  const [shown, setShown] = useState(searchedFor);
  if (shown !== searchedFor) {
    setShown(searchedFor);
    dispatch({ type: 'page', pageNumber: 1 });
  }
  const results = useGlobalSearch(organizationId, globalSearchParams(listQuery(state), terms.q, terms.mode));
  const searching = terms.q !== '';
  const answer = searching ? results.data : undefined;

  const meta = (row: GlobalSearchRow) =>
    [
      row.number !== null && t('search.number', { number: row.number }),
      row.revision !== null && t('search.revision', { revision: row.revision }),
    ].filter((text) => text !== false);

  // The name first: on phones the first column is the one that stays while the others scroll.
  const columns: DataTableColumn<GlobalSearchRow>[] = [
    {
      key: 'name',
      title: t('search.columns.name'),
      width: 40,
      sortKey: 'name' satisfies SearchSortKey,
      render: (row) => {
        const details = meta(row);
        return (
          <span className="qualis-search-name">
            {isAppPath(row.link) ? <Link to={row.link}>{row.name}</Link> : row.name}
            {details.length > 0 && <Typography.Text type="secondary">{details.join(' · ')}</Typography.Text>}
          </span>
        );
      },
    },
    {
      key: 'type',
      title: t('search.columns.type'),
      width: 18,
      sortKey: 'type' satisfies SearchSortKey,
      render: (row) => (
        <span className="qualis-search-type">
          {typeIcons[row.type]}
          <span>{t(`search.types.${row.type}`)}</span>
        </span>
      ),
    },
    {
      key: 'match',
      title: t('search.columns.match'),
      width: 42,
      sortKey: 'relevance' satisfies SearchSortKey,
      sortFirst: 'desc',
      render: (row) => (
        <span className="qualis-search-match">
          <Typography.Text type="secondary">
            {row.matchedIn === 'file'
              ? t('search.matched.file', { file: row.matchedFile ?? '' })
              : t(`search.matched.${row.matchedIn}`)}
          </Typography.Text>
          {row.snippet.length > 0 && <Snippet parts={row.snippet} />}
        </span>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={answer?.data ?? []}
      rowKey={(row) => `${row.type}:${row.link}`}
      totalCount={searching ? answer?.pagination.totalCount : 0}
      totalCapped={searching && answer?.pagination.totalCapped}
      loading={searching && results.isFetching}
      failed={searching && results.isError}
      onRetry={() => void results.refetch()}
      state={state}
      dispatch={dispatch}
      emptyText={searching ? t('search.noResults') : t(`search.prompt.${terms.mode}`)}
      searchable={false}
      selectable={false}
    />
  );
}
