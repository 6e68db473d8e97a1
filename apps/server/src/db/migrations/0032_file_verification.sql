-- Issue 23 (21 CFR 11.70): a signature is checked against the bytes stored now, not only against
-- the SHA-256 recorded at upload. Reading a file hashes it as it streams; the last hash of the
-- stored bytes is kept with the file's modification time then, so a list of signatures hashes a
-- file again only once it was changed on disk (modules/uploads/file-integrity.ts).
ALTER TABLE organization_files
  ADD COLUMN verified_sha256 text NULL CHECK (verified_sha256 ~ '^[0-9a-f]{64}$'),
  ADD COLUMN verified_modified_at timestamptz NULL,
  ADD COLUMN verified_at timestamptz NULL;
