-- Issue 23, audit trail review (Annex 11 §9; docs/api.md "Audit trail"). 'Mark reviewed' records
-- who reviewed which range of a chain (the filters they looked through, up to event N) and when;
-- the review is itself an audit event. An organization's reviews go with the organization.
CREATE TABLE audit_reviews (
  id uuid PRIMARY KEY,
  chain_key text NOT NULL,
  organization_id uuid NULL REFERENCES organizations (id) ON DELETE CASCADE,
  reviewer_user_id uuid NULL,
  reviewer_email text NOT NULL,
  filters jsonb NOT NULL,
  up_to_seq bigint NOT NULL,
  event_count integer NOT NULL,
  comment text NULL,
  reviewed_at timestamptz NOT NULL
);
CREATE INDEX audit_reviews_chain_idx ON audit_reviews (chain_key, reviewed_at DESC, id);

-- The review page filters a chain by person and by record kind and pages it by sequence number:
-- each filter finds its events in sequence order without reading the rest of the chain. (A record
-- is found by audit_events_entity_idx, an action among a chain's events by the (chain_key, seq) key.)
CREATE INDEX audit_events_chain_actor_seq_idx ON audit_events (chain_key, actor_user_id, seq);
CREATE INDEX audit_events_chain_entity_seq_idx ON audit_events (chain_key, entity_type, seq);
