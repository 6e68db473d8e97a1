-- Issue 24, periodic review (docs/decisions/0033-periodic-review.md): a document type may ask for
-- a review every N months; a released document of that type carries the start of its review
-- period, its next review date and the day its reminder is due (cleared once the reminder is an
-- action, so the daily job reads only the documents whose reminder is due, by one partial index).
ALTER TABLE document_types
  ADD COLUMN review_interval_months smallint NULL CHECK (review_interval_months BETWEEN 1 AND 120);

ALTER TABLE organizations
  ADD COLUMN review_reminder_days smallint NOT NULL DEFAULT 30 CHECK (review_reminder_days BETWEEN 0 AND 365);

ALTER TABLE documents
  ADD COLUMN review_from date NULL,
  ADD COLUMN next_review_on date NULL,
  ADD COLUMN review_remind_on date NULL,
  ADD CONSTRAINT documents_review_check CHECK (
    (next_review_on IS NULL OR review_from IS NOT NULL) AND (review_remind_on IS NULL OR next_review_on IS NOT NULL)
  );
CREATE INDEX documents_review_remind_idx ON documents (review_remind_on) WHERE review_remind_on IS NOT NULL;
CREATE INDEX documents_next_review_idx ON documents (organization_id, next_review_on) WHERE next_review_on IS NOT NULL;

ALTER TABLE actions
  DROP CONSTRAINT actions_kind_check,
  ADD CONSTRAINT actions_kind_check
    CHECK (kind IN ('manual', 'review', 'approval', 'responsible', 'link-training', 'training', 'periodic-review')),
  DROP CONSTRAINT actions_name_key_check,
  ADD CONSTRAINT actions_name_key_check CHECK (name_key IN (
    'reviewDocument', 'approveDocument', 'releaseDocument', 'linkTraining', 'passTraining', 'reviewDocumentPeriodically'
  )),
  DROP CONSTRAINT actions_description_key_check,
  ADD CONSTRAINT actions_description_key_check CHECK (description_key IN (
    'reviewDocument', 'approveDocument', 'releaseDocument', 'linkTraining', 'passTraining', 'reviewDocumentPeriodically'
  ));

-- 'Reviewed, no change' (21 CFR Part 11 11.50, 11.70): one append-only row per periodic review
-- that ended without a new revision, signed by the responsible person with the reason, the SHA-256
-- of the controlled file they reviewed, and the next review date it set. Deleted only with its
-- document, like document_signatures.
CREATE TABLE document_periodic_reviews (
  organization_id uuid NOT NULL,
  id uuid NOT NULL,
  document_id uuid NOT NULL,
  revision integer NOT NULL,
  signer_id uuid NOT NULL REFERENCES users (id),
  signer_name text NOT NULL,
  signer_email text NOT NULL,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 300),
  signed_at timestamptz NOT NULL DEFAULT now(),
  file_id uuid NOT NULL,
  file_sha256 text NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  password_confirmed boolean NOT NULL DEFAULT false,
  review_due_on date NOT NULL,
  next_review_on date NOT NULL,
  request_id text NULL,
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, document_id) REFERENCES documents (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX document_periodic_reviews_document_idx ON document_periodic_reviews (organization_id, document_id);

CREATE FUNCTION document_periodic_reviews_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (
    SELECT 1 FROM documents d WHERE d.organization_id = OLD.organization_id AND d.id = OLD.document_id
  ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'periodic reviews are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER document_periodic_reviews_append_only
  BEFORE UPDATE OR DELETE ON document_periodic_reviews
  FOR EACH ROW EXECUTE FUNCTION document_periodic_reviews_refuse_change();
