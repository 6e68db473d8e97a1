-- Issue 24: a revision's reason for change, required for every revision added after the first
-- (docs/decisions/0031-reason-for-change.md). Revisions already stored keep none: nothing is
-- invented for them, they show '—'.
ALTER TABLE document_revisions ADD COLUMN reason_for_change text;
