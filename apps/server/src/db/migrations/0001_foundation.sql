-- Foundation: organizations, people, memberships, sessions, sign-in throttling, audit trail,
-- mail outbox, per-organization counters and stored files.

CREATE TABLE organizations (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  is_managed_by_client boolean NOT NULL DEFAULT false,
  logo_file_id uuid NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organizations_name_idx ON organizations (lower(name), id);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  new_email text NULL,
  first_name text NULL CHECK (length(first_name) <= 100),
  last_name text NULL CHECK (length(last_name) <= 100),
  role text NOT NULL CHECK (role IN ('SuperAdmin', 'Admin', 'User')),
  password_hash text NULL,
  email_confirmed boolean NOT NULL DEFAULT false,
  email_notification_state boolean NOT NULL DEFAULT true,
  avatar_file_id uuid NULL,
  password_changed_at timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE memberships (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'Inactive' CHECK (status IN ('Active', 'Inactive')),
  first_activated_at timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id);

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  access_token_hash text NOT NULL UNIQUE,
  access_expires_at timestamptz NOT NULL,
  refresh_token_hash text NOT NULL UNIQUE,
  previous_refresh_token_hash text NULL,
  refresh_expires_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ip text NULL,
  user_agent text NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz NULL,
  revoked_reason text NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;
CREATE INDEX sessions_previous_refresh_idx ON sessions (previous_refresh_token_hash);

CREATE TABLE sign_in_failures (
  key text PRIMARY KEY,
  failure_count integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz NULL
);

-- Audit trail (21 CFR 11.10(e)): append-only, hash-chained per organization ('provider' for
-- events outside any organization).
CREATE TABLE audit_events (
  id uuid PRIMARY KEY,
  chain_key text NOT NULL,
  seq bigint NOT NULL,
  organization_id uuid NULL,
  occurred_at timestamptz NOT NULL,
  actor_user_id uuid NULL,
  actor_email text NULL,
  actor_ip text NULL,
  request_id text NULL,
  info_type text NOT NULL,
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text NULL,
  before jsonb NULL,
  after jsonb NULL,
  reason text NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  UNIQUE (chain_key, seq)
);
CREATE INDEX audit_events_org_time_idx ON audit_events (organization_id, occurred_at);
CREATE INDEX audit_events_entity_idx ON audit_events (entity_type, entity_id);

CREATE TABLE audit_chain_heads (
  chain_key text PRIMARY KEY,
  last_seq bigint NOT NULL,
  last_hash text NOT NULL
);

CREATE FUNCTION audit_events_refuse_change() RETURNS trigger AS $$
BEGIN
  -- Deleting an organization purges its events in a transaction that says so explicitly.
  IF TG_OP = 'DELETE' AND current_setting('qualis.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit events are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_events_append_only
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();

CREATE TRIGGER audit_events_no_truncate
  BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  organization_id uuid NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz NULL
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';

CREATE TABLE organization_counters (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  value bigint NOT NULL,
  PRIMARY KEY (organization_id, name)
);

CREATE TABLE stored_files (
  id uuid PRIMARY KEY,
  organization_id uuid NULL REFERENCES organizations (id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  original_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  uploaded_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
