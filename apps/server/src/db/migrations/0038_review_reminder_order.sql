-- Issue 24 (docs/performance.md, 'Document control past approval'): the reminder job reads the due
-- documents in key order; with the index on the day alone PostgreSQL walked the documents' primary
-- key instead, filtering every scheduled document (a scan of the organization's documents each
-- day). The index now carries the job's order: day, organization, id.
DROP INDEX documents_review_remind_idx;
CREATE INDEX documents_review_remind_idx ON documents (review_remind_on, organization_id, id)
  WHERE review_remind_on IS NOT NULL;
