-- Export files (docs/architecture.md, "Exports"): a Single PDF or PDF archive of more records than
-- the server streams at once is made by a background job, stored as an organization file of the
-- person who asked for it (organization_files.uploaded_by), and e-mailed to them as a link.
-- This table says which organization files are such exports and until when their link works;
-- a recurring task removes them (bytes and rows) once expired.
CREATE TABLE export_files (
  organization_id uuid NOT NULL,
  file_id uuid NOT NULL,
  -- The record source the export read ('actions', later 'documents', 'training-records' ...).
  source text NOT NULL CHECK (source <> ''),
  format text NOT NULL CHECK (format IN ('pdf', 'zip')),
  record_count integer NOT NULL CHECK (record_count > 0),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (organization_id, file_id),
  FOREIGN KEY (organization_id, file_id) REFERENCES organization_files (organization_id, id) ON DELETE CASCADE
);

-- The clean-up task reads the expired ones.
CREATE INDEX export_files_expires_at_idx ON export_files (expires_at);
