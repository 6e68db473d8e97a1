-- Actions (tasks) of an organization, spec 03 sections 3-5 and 7. organization_id leads every key,
-- and the foreign keys between organization-owned tables include it, so an action can never point
-- at another organization's tag. People are global accounts (users); the service checks that the
-- assigner and the assignee are active members of the organization when it sets them.
CREATE TABLE actions (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  -- The organization's counter 'action' (core/counters.ts): never reused, also after a delete.
  number integer NOT NULL CHECK (number > 0),
  name text NOT NULL CHECK (length(btrim(name)) >= 1),
  description text NOT NULL CHECK (length(btrim(description)) >= 1),
  status text NOT NULL DEFAULT 'ToDo' CHECK (status IN ('ToDo', 'Complete')),
  due_date date NOT NULL,
  link text NULL CHECK (link ~* '^https?://'),
  link_description text NULL,
  extra_link text NULL CHECK (extra_link ~* '^https?://'),
  extra_link_description text NULL,
  assigner_id uuid NOT NULL REFERENCES users (id),
  assignee_id uuid NOT NULL REFERENCES users (id),
  creator_id uuid NOT NULL REFERENCES users (id),
  -- 'manual' actions are completed by hand; automatic kinds (reviews, approvals, trainings) are
  -- created for an artifact, named by source_type and source_id, and complete with its work.
  kind text NOT NULL DEFAULT 'manual',
  source_type text NULL,
  source_id uuid NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz NULL,
  PRIMARY KEY (organization_id, id),
  CHECK ((source_type IS NULL) = (source_id IS NULL)),
  CHECK ((status = 'Complete') = (completed_at IS NOT NULL))
);
-- The list's default order (number descending) and the "view all" predicate.
CREATE UNIQUE INDEX actions_number_key ON actions (organization_id, number);
-- The "related" and "assigned to me" predicates, each in number order.
CREATE INDEX actions_assignee_idx ON actions (organization_id, assignee_id, number);
CREATE INDEX actions_assigner_idx ON actions (organization_id, assigner_id, number);
CREATE INDEX actions_creator_idx ON actions (organization_id, creator_id, number);
-- The automatic-actions engine finds an artifact's actions.
CREATE INDEX actions_source_idx ON actions (organization_id, source_type, source_id) WHERE source_id IS NOT NULL;

CREATE TABLE action_tags (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  action_id uuid NOT NULL,
  tag_id uuid NOT NULL,
  PRIMARY KEY (organization_id, action_id, tag_id),
  FOREIGN KEY (organization_id, action_id) REFERENCES actions (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, tag_id) REFERENCES tags (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX action_tags_tag_idx ON action_tags (organization_id, tag_id);
