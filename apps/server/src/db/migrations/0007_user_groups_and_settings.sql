-- User groups with their permissions and members, and the organization's document types and tags.
-- Every table is owned by an organization: organization_id leads each key, and the foreign keys
-- between them include it, so a row can never point into another organization.

CREATE TABLE user_groups (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE UNIQUE INDEX user_groups_name_key ON user_groups (organization_id, lower(name));

-- The switched-on permission types of a group (the catalogue in packages/contract/src/permissions.ts).
CREATE TABLE user_group_permissions (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  group_id uuid NOT NULL,
  type smallint NOT NULL CHECK (type BETWEEN 1 AND 56),
  PRIMARY KEY (organization_id, group_id, type),
  FOREIGN KEY (organization_id, group_id) REFERENCES user_groups (organization_id, id) ON DELETE CASCADE
);

CREATE TABLE user_group_members (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  group_id uuid NOT NULL,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, group_id, user_id),
  FOREIGN KEY (organization_id, group_id) REFERENCES user_groups (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, user_id) REFERENCES memberships (organization_id, user_id) ON DELETE CASCADE
);
-- A person's groups in an organization (effective permissions, group counts).
CREATE INDEX user_group_members_user_idx ON user_group_members (organization_id, user_id);

CREATE TABLE document_types (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name = btrim(name)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE UNIQUE INDEX document_types_name_key ON document_types (organization_id, lower(name));

CREATE TABLE tags (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name = btrim(name)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE UNIQUE INDEX tags_name_key ON tags (organization_id, lower(name));
