-- Issue 26 (docs/performance.md, 'Documents at 100,000', the dashboard's documents cards;
-- docs/decisions/0040-waiting-signers.md): the 'to review' and 'to approve' cards and counters
-- joined every signer row of the person (open or final) with its revision, document and
-- signatures, 284 ms p95 at 100,000 documents and growing with the table. Each signer row now
-- says whether it waits for its person (the revision is not final, ready for that role, and the
-- person has not responded in its current cycle), kept by the documents module's writes
-- (waiting-signers.ts), and the cards read only the waiting rows through a partial index, in
-- the order they show them.
ALTER TABLE document_revision_signers ADD COLUMN waiting boolean NOT NULL DEFAULT false;

UPDATE document_revision_signers s SET waiting = true
FROM document_revisions r
WHERE r.organization_id = s.organization_id AND r.document_id = s.document_id AND r.revision = s.revision
  AND NOT r.is_final
  AND CASE s.role
    WHEN 'reviewer' THEN r.status = 'Submitted'
    ELSE r.status = 'Reviewed' OR (r.status = 'Submitted' AND NOT EXISTS (
      SELECT 1 FROM document_revision_signers rs WHERE rs.organization_id = r.organization_id
        AND rs.document_id = r.document_id AND rs.revision = r.revision AND rs.role = 'reviewer'))
  END
  AND NOT EXISTS (SELECT 1 FROM document_signatures sg
    WHERE sg.organization_id = r.organization_id AND sg.document_id = r.document_id
      AND sg.revision = r.revision AND sg.signature_cycle = r.signature_cycle
      AND sg.kind = CASE s.role WHEN 'reviewer' THEN 'review' ELSE 'approval' END
      AND sg.signer_id = s.user_id);

CREATE INDEX document_revision_signers_waiting_idx ON document_revision_signers (organization_id, user_id, role, assigned_at)
  WHERE waiting;
