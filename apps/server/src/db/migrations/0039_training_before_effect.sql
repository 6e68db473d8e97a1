-- Issue 24, training before effect (docs/decisions/0032-effective-revisions.md): a released
-- revision that requires training and carries training_effect_days takes effect when all its
-- trainees passed it, or that many days after its release, whichever comes first (its effective
-- date, when chosen too, is a lower bound).
ALTER TABLE document_revisions
  ADD COLUMN training_effect_days smallint NULL CHECK (training_effect_days BETWEEN 1 AND 365);

-- The revisions waiting for their training: few, read by the effect job every hour.
CREATE INDEX document_revisions_training_due_idx ON document_revisions (organization_id, document_id, revision)
  WHERE training_effect_days IS NOT NULL AND is_final AND effective_at IS NULL AND superseded_at IS NULL
    AND status <> 'Obsolete';
