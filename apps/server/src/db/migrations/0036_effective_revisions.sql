-- Issue 24: the effective revision (docs/decisions/0032-effective-revisions.md). A released
-- revision becomes effective on the date its Responsible chose (effective_on, a UTC day; none:
-- at release); the previous effective one is then superseded by it. documents.effective_revision
-- is the revision most recently made effective (it stays on it when that one is withdrawn).
ALTER TABLE document_revisions
  ADD COLUMN effective_on date,
  ADD COLUMN effective_at timestamptz,
  ADD COLUMN superseded_at timestamptz,
  ADD COLUMN superseded_by integer,
  ADD CONSTRAINT document_revisions_superseded_check
    CHECK ((superseded_at IS NULL) = (superseded_by IS NULL) AND (superseded_by IS NULL OR superseded_by > revision));

ALTER TABLE documents ADD COLUMN effective_revision integer;

-- The due revisions of the effect job: released, neither effective nor superseded nor withdrawn.
CREATE INDEX document_revisions_due_idx ON document_revisions (effective_on)
  WHERE is_final AND effective_at IS NULL AND superseded_at IS NULL AND status <> 'Obsolete';

-- Until now a released revision was in effect from its release: each final revision was
-- effective then; the highest final one not withdrawn is the effective one, every final one below
-- it (not withdrawn) superseded by it at its release.
UPDATE document_revisions SET effective_at = coalesce(approved_at, final_at, updated_at) WHERE is_final;

WITH current AS (
  SELECT DISTINCT ON (organization_id, document_id) organization_id, document_id, revision, effective_at
  FROM document_revisions WHERE is_final AND status <> 'Obsolete'
  ORDER BY organization_id, document_id, revision DESC
)
UPDATE document_revisions r SET superseded_at = c.effective_at, superseded_by = c.revision
FROM current c
WHERE r.is_final AND r.status <> 'Obsolete' AND r.organization_id = c.organization_id
  AND r.document_id = c.document_id AND r.revision < c.revision;

UPDATE documents d SET effective_revision = coalesce(
  (SELECT max(r.revision) FROM document_revisions r WHERE r.organization_id = d.organization_id
    AND r.document_id = d.id AND r.is_final AND r.status <> 'Obsolete'),
  (SELECT max(r.revision) FROM document_revisions r WHERE r.organization_id = d.organization_id
    AND r.document_id = d.id AND r.effective_at IS NOT NULL));
