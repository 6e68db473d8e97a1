import { LoadingOutlined, SearchOutlined } from '@ant-design/icons';
import { SEARCH_MAX_LENGTH, type SearchMode } from '@qualis/contract';
import { useIsFetching } from '@tanstack/react-query';
import { Input, Select, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { searchKeys } from './search.api';
import {
  GLOBAL_SEARCH_DEBOUNCE_MS,
  NO_SEARCH,
  globalSearchPath,
  globalSearchUrl,
  readSearchTerms,
  type SearchTerms,
} from './search-url';

/**
 * The top bar's global search (spec 03 section 2): a mode (text or tags) and the text. Typing
 * (debounced), Enter or a change of mode opens the results page with the terms in its URL; on
 * that page the URL is replaced rather than pushed, so Back leaves the search. The box shows the
 * results page's terms, and empties once the person leaves that page.
 */
export function GlobalSearchBox({
  organizationId,
  autoFocus = false,
}: {
  organizationId: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onPage = pathname === globalSearchPath(organizationId);
  const inUrl = onPage ? readSearchTerms(new URLSearchParams(search)) : NO_SEARCH;
  const [text, setText] = useState(inUrl.q);
  const [mode, setMode] = useState<SearchMode>(inUrl.mode);
  // The browser's address when the person last typed. React Router commits a new location in a
  // transition, so while the next page loads the address is already that page's: what was typed
  // then belongs to it and must survive its arrival.
  const [typedAt, setTypedAt] = useState<string | null>(null);
  const here = `${pathname}${search}`;
  const [followed, setFollowed] = useState(here);
  if (followed !== here) {
    // The person moved (by this box, Back, a link, leaving the results page): show the new URL's
    // terms, none outside the results page.
    setFollowed(here);
    setTypedAt(null);
    setMode(inUrl.mode);
    if (text.trim() !== inUrl.q && typedAt !== here) setText(inUrl.q);
  }
  const loading = useIsFetching({ queryKey: searchKeys.all(organizationId) }) > 0;

  const searchFor = useCallback(
    (terms: SearchTerms) => {
      void navigate(globalSearchUrl(organizationId, terms), { replace: onPage });
    },
    [navigate, organizationId, onPage],
  );

  useEffect(() => {
    const q = text.trim();
    if (q === inUrl.q) return;
    const timer = setTimeout(() => searchFor({ q, mode }), GLOBAL_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, mode, inUrl.q, searchFor]);

  return (
    <div role="search" className="qualis-global-search">
      <Space.Compact block>
        <Select<SearchMode>
          className="qualis-global-search__mode"
          aria-label={t('search.mode')}
          value={mode}
          popupMatchSelectWidth={false}
          options={[
            { value: 'text', label: t('search.modes.text') },
            { value: 'tag', label: t('search.modes.tag') },
          ]}
          onChange={(next) => {
            setMode(next);
            searchFor({ q: text.trim(), mode: next });
          }}
        />
        <Input
          className="qualis-global-search__input"
          prefix={<SearchOutlined />}
          // Always a suffix: antd remounts the input, losing the focus, when one comes or goes.
          suffix={loading ? <LoadingOutlined aria-label={t('search.searching')} /> : <span />}
          placeholder={t(`search.placeholder.${mode}`)}
          aria-label={t('search.box')}
          aria-busy={loading}
          enterKeyHint="search"
          allowClear
          autoFocus={autoFocus}
          maxLength={SEARCH_MAX_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTypedAt(`${window.location.pathname}${window.location.search}`);
          }}
          onClear={() => {
            if (onPage) searchFor({ q: '', mode });
          }}
          onPressEnter={() => searchFor({ q: text.trim(), mode })}
        />
      </Space.Compact>
    </div>
  );
}
