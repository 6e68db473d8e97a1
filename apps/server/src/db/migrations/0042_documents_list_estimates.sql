-- Issue 24 (docs/performance.md, 'Document control past approval', the list re-measured at 100,000
-- documents): the default list's SQL took 0.4-1 s, for two reasons the plans showed.
--
-- 1. The list joins each document to its row revision on
--    revision = coalesce(effective_revision, latest_revision) (document-visibility.ts,
--    rowRevisionOf). Without statistics on that expression PostgreSQL guessed that 1 document in
--    200 has its row revision (0.5%, its default for an unknown equality), so it expected a page
--    of 25 to need thousands of documents: it sorted every visible one (the related-only person)
--    or started parallel workers (the Admin), instead of walking the documents in number order and
--    stopping after the page. The expression's statistics give the true 1 in 1.
CREATE STATISTICS documents_row_revision_stats ON (coalesce(effective_revision, latest_revision)) FROM documents;

-- 2. The related-only person's total counts their participant rows whose document is not
--    withdrawn (documents.repository.ts, listDocuments): asked as 'no withdrawn document', it reads
--    the withdrawn documents from this index (few) instead of every live document of the organization.
CREATE INDEX documents_withdrawn_idx ON documents (organization_id, id) WHERE withdrawn_at IS NOT NULL;

ANALYZE documents;
