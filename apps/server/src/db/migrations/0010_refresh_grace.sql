-- Refresh tokens rotate; presenting the previous one again normally means it was copied and ends
-- the session. Within a few seconds of the rotation (two tabs refreshing at once) the previous
-- token instead gets the same answer again: the new token pair, sealed with a key derived from
-- the previous token itself, so the stored value is useless without that token.
ALTER TABLE sessions
  ADD COLUMN previous_refresh_rotated_at timestamptz NULL,
  ADD COLUMN previous_refresh_answer text NULL;
