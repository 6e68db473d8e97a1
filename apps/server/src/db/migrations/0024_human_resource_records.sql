-- Human resource records (spec 03 sections 1-3, 6-8): one per person of an organization, kept
-- when they leave it (the membership row goes, the record stays with the person's account).
-- Visible and editable by Admins only (modules/hr-records).

CREATE TABLE hr_records (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The CV.
  file_id uuid NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, file_id) REFERENCES organization_files (organization_id, id) ON DELETE SET NULL (file_id)
);
CREATE UNIQUE INDEX hr_records_user_key ON hr_records (organization_id, user_id);

CREATE TABLE hr_record_tags (
  organization_id uuid NOT NULL,
  hr_record_id uuid NOT NULL,
  tag_id uuid NOT NULL,
  PRIMARY KEY (organization_id, hr_record_id, tag_id),
  FOREIGN KEY (organization_id, hr_record_id) REFERENCES hr_records (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, tag_id) REFERENCES tags (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX hr_record_tags_tag_idx ON hr_record_tags (organization_id, tag_id);

-- A person joining an organization gets their record, whichever path added them (people,
-- admins, the provider's organization wizard); joining again finds the kept one. The id is a
-- random UUID: the database makes it, and nothing orders by it.
CREATE FUNCTION hr_record_for_new_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hr_records (organization_id, id, user_id)
    VALUES (NEW.organization_id, gen_random_uuid(), NEW.user_id)
    ON CONFLICT (organization_id, user_id) DO NOTHING;
  RETURN NEW;
END;
$$;
CREATE TRIGGER memberships_hr_record
  AFTER INSERT ON memberships
  FOR EACH ROW EXECUTE FUNCTION hr_record_for_new_member();

INSERT INTO hr_records (organization_id, id, user_id)
  SELECT organization_id, gen_random_uuid(), user_id FROM memberships
  ON CONFLICT (organization_id, user_id) DO NOTHING;
