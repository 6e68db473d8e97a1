import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { GlobalSearchTable } from '../features/search/GlobalSearchTable';
import { readSearchTerms } from '../features/search/search-url';

/**
 * /organizations/{id}/global-search?q=…&mode=text|tag (spec 03 section 2): the results of the top
 * bar's search box. The terms live in the URL, so a results page can be reloaded, shared and
 * gone back to.
 */
export default function GlobalSearchPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const [query] = useSearchParams();
  const terms = readSearchTerms(query);

  return (
    <>
      <PageHeader title={t('search.title')} />
      <Card title={terms.q ? t(`search.resultsFor.${terms.mode}`, { search: terms.q }) : t('search.results')}>
        <GlobalSearchTable organizationId={organizationId} terms={terms} />
      </Card>
    </>
  );
}
