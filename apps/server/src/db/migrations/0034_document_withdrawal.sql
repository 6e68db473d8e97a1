-- Issue 23: a released document or revision is never deleted; it is withdrawn (status Obsolete)
-- with a reason and an electronic signature (docs/decisions/0028-withdraw-released-documents.md).
-- The withdrawal is a signature of its own kind, append-only like reviews and approvals: its
-- meaning is Withdrawn, its comment the reason (required), its time when the revision became
-- Obsolete.
ALTER TABLE document_revisions
  DROP CONSTRAINT document_revisions_status_check,
  ADD CONSTRAINT document_revisions_status_check
    CHECK (status IN ('Submitted', 'Reviewed', 'Approved', 'Rejected', 'Obsolete'));

ALTER TABLE document_signatures
  DROP CONSTRAINT document_signatures_kind_check,
  ADD CONSTRAINT document_signatures_kind_check CHECK (kind IN ('review', 'approval', 'withdrawal')),
  DROP CONSTRAINT document_signatures_check,
  ADD CONSTRAINT document_signatures_check CHECK (
    (kind = 'review' AND meaning IN ('Reviewed', 'Rejected'))
    OR (kind = 'approval' AND meaning IN ('Approved', 'Rejected'))
    OR (kind = 'withdrawal' AND meaning = 'Withdrawn' AND comment IS NOT NULL)
  );
