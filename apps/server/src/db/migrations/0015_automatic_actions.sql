-- Automatic actions (spec 03 sections 1 and 9): the work a document or a training asks of a person
-- (review, approval, choose responsible, link a training, pass a training) is an action of a kind
-- other than 'manual', tied to the artifact by source_type and source_id (modules/actions/automatic-actions.ts).

ALTER TABLE actions
  ADD CONSTRAINT actions_kind_check
    CHECK (kind IN ('manual', 'review', 'approval', 'responsible', 'link-training', 'training')),
  -- A manual action has no source; an automatic one always has its artifact.
  ADD CONSTRAINT actions_kind_source_check CHECK ((kind = 'manual') = (source_id IS NULL));

-- An automatic action links to its record inside the product (spec 03 section 2, "Links to records"),
-- so a link is an http(s) address or the path of a record (RECORD_LINK_PATTERN of the contract).
ALTER TABLE actions DROP CONSTRAINT actions_link_check, DROP CONSTRAINT actions_extra_link_check;
ALTER TABLE actions
  ADD CONSTRAINT actions_link_check CHECK (
    link ~* '^https?://'
    OR link ~ '^/organizations/[0-9a-f-]{36}/(documents|tasks|training-records|human-resources)/[0-9a-f-]{36}(\?revision=[0-9]+)?$'
  ),
  ADD CONSTRAINT actions_extra_link_check CHECK (
    extra_link ~* '^https?://'
    OR extra_link ~ '^/organizations/[0-9a-f-]{36}/(documents|tasks|training-records|human-resources)/[0-9a-f-]{36}(\?revision=[0-9]+)?$'
  );

-- One open action per person, kind and artifact: assigning the same reviewer twice does not
-- make two open actions, also when two transactions try at once.
CREATE UNIQUE INDEX actions_open_automatic_key ON actions (organization_id, source_type, source_id, kind, assignee_id)
  WHERE status = 'ToDo' AND source_id IS NOT NULL;

-- A notification is about an action; it goes when the action goes (deleted by hand, or withdrawn
-- with its assignment), so 'See action' never leads to a missing record.
DELETE FROM notifications n
  WHERE n.entity_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.organization_id = n.organization_id AND a.id = n.entity_id);
ALTER TABLE notifications
  ADD CONSTRAINT notifications_action_fkey FOREIGN KEY (organization_id, entity_id)
    REFERENCES actions (organization_id, id) ON DELETE CASCADE;
CREATE INDEX notifications_entity_idx ON notifications (organization_id, entity_id) WHERE entity_id IS NOT NULL;
