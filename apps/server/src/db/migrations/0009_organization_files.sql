-- Images and organization files are two kinds of stored bytes (docs/decisions/0005-files-images-and-organization-files.md).
--
-- images: avatars and logos, shown by <img> tags and therefore served by id without a session.
-- A person's own until set as an organization's logo, which then records that organization so
-- deleting it removes the image too. Only image types ever lived here legitimately; the rows of
-- POST /upload/file had no organization and nothing referenced them, so they go (their bytes
-- stay under DATA_DIR/files/uploads as unreferenced files).
ALTER TABLE stored_files RENAME TO images;
ALTER TABLE images RENAME CONSTRAINT stored_files_pkey TO images_pkey;
ALTER TABLE images RENAME CONSTRAINT stored_files_storage_key_key TO images_storage_key_key;
ALTER TABLE images RENAME CONSTRAINT stored_files_organization_id_fkey TO images_organization_id_fkey;
ALTER TABLE images RENAME CONSTRAINT stored_files_uploaded_by_fkey TO images_uploaded_by_fkey;
DELETE FROM images WHERE content_type NOT IN ('image/png', 'image/jpeg', 'image/svg+xml');

-- organization_files: documents, training material, HR records (spec 03) reference these by
-- (organization_id, id); they are never served without a session and an organization check.
CREATE TABLE organization_files (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  storage_key text NOT NULL UNIQUE,
  original_name text NOT NULL CHECK (original_name <> ''),
  content_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  uploaded_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
