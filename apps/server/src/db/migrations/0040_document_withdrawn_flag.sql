-- Issue 24 (docs/performance.md, 'Document control past approval'): the default documents list
-- and its count leave withdrawn documents out. Asking each document whether any of its revisions
-- is still live made the list's SQL 20-50x slower at 100,000 documents; the document now says it
-- (withdrawn_at: when its last live revision was withdrawn, kept by the writes that withdraw or
-- delete a revision), and the live documents have an index of their own for the count.
ALTER TABLE documents ADD COLUMN withdrawn_at timestamptz;

UPDATE documents d SET withdrawn_at = (
  SELECT max(r.updated_at) FROM document_revisions r
  WHERE r.organization_id = d.organization_id AND r.document_id = d.id)
WHERE NOT EXISTS (
  SELECT 1 FROM document_revisions r
  WHERE r.organization_id = d.organization_id AND r.document_id = d.id AND r.status <> 'Obsolete');

CREATE INDEX documents_live_idx ON documents (organization_id, id) WHERE withdrawn_at IS NULL;
