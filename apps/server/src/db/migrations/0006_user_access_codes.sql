-- Access codes: a person's 6-digit code for electronic signatures, e-mailed to them. Only its
-- argon2id hash is kept. Per person, not per organization; a new code deactivates the previous
-- one, so at most one code of a person is active.
CREATE TABLE user_access_codes (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deactivated_at timestamptz NULL
);
CREATE UNIQUE INDEX user_access_codes_one_active_idx ON user_access_codes (user_id) WHERE deactivated_at IS NULL;
-- The yearly renewal finds the active codes older than twelve months.
CREATE INDEX user_access_codes_active_age_idx ON user_access_codes (created_at) WHERE deactivated_at IS NULL;
