-- Notifications shown by the bell and the notifications page (spec 03), one row per recipient
-- and organization; and one pending new e-mail per address across all people.

CREATE TABLE notifications (
  organization_id uuid NOT NULL,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('ActionAssigned')),
  -- The record the notice is about (the action); its number, name and due date are kept in payload.
  entity_id uuid NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  read_at timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, user_id) REFERENCES memberships (organization_id, user_id) ON DELETE CASCADE
);
CREATE INDEX notifications_recipient_idx ON notifications (organization_id, user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (organization_id, user_id) WHERE read_at IS NULL;

-- A new e-mail waiting for confirmation is reserved: two people cannot wait for the same one.
CREATE UNIQUE INDEX users_new_email_key ON users (lower(new_email)) WHERE new_email IS NOT NULL;
