-- Issue 23, tamper evidence (docs/decisions/0025-audit-tamper-evidence.md). No setting a session
-- can set opens the audit tables any more (the `qualis.audit_purge` setting did): a chain's events,
-- head and seals may be deleted only once its organization is gone, which is how an organization
-- is purged. The provider chain is never deleted.
CREATE FUNCTION audit_chain_orphaned(key text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF key IS NULL OR key = 'provider' THEN
    RETURN false;
  END IF;
  RETURN NOT EXISTS (SELECT 1 FROM organizations WHERE id = key::uuid);
END $$;

CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND audit_chain_orphaned(OLD.organization_id::text) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit events are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

-- A head starts at the genesis and then only advances, one event at a time, to the event that
-- links to where it was: it cannot be moved back over a cut tail.
CREATE FUNCTION audit_chain_heads_only_advance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.last_seq = 0 AND NEW.last_hash = repeat('0', 64) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.chain_key = OLD.chain_key AND NEW.last_seq = OLD.last_seq + 1
     AND EXISTS (SELECT 1 FROM audit_events e WHERE e.chain_key = NEW.chain_key AND e.seq = NEW.last_seq
                   AND e.hash = NEW.last_hash AND e.prev_hash = OLD.last_hash) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND audit_chain_orphaned(OLD.chain_key) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit chain heads only advance (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER audit_chain_heads_advance
  BEFORE INSERT OR UPDATE OR DELETE ON audit_chain_heads
  FOR EACH ROW EXECUTE FUNCTION audit_chain_heads_only_advance();

CREATE TRIGGER audit_chain_heads_no_truncate
  BEFORE TRUNCATE ON audit_chain_heads
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_heads_only_advance();

-- The daily seals of each chain (core/audit.ts): also written to the server log and mailed to the
-- organization's Admins, so a copy lives outside the database. Append-only like the events.
CREATE TABLE audit_seals (
  id uuid PRIMARY KEY,
  chain_key text NOT NULL,
  last_seq bigint NOT NULL,
  last_hash text NOT NULL,
  sealed_at timestamptz NOT NULL
);
CREATE INDEX audit_seals_chain_idx ON audit_seals (chain_key, last_seq DESC);

-- A seal names a stored event and never goes back behind an earlier seal, so a forged seal cannot
-- stand in for a cut tail.
CREATE FUNCTION audit_seals_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
     AND EXISTS (SELECT 1 FROM audit_events e WHERE e.chain_key = NEW.chain_key AND e.seq = NEW.last_seq
                   AND e.hash = NEW.last_hash)
     AND NOT EXISTS (SELECT 1 FROM audit_seals s WHERE s.chain_key = NEW.chain_key AND s.last_seq > NEW.last_seq) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND audit_chain_orphaned(OLD.chain_key) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit seals are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER audit_seals_append_only
  BEFORE INSERT OR UPDATE OR DELETE ON audit_seals
  FOR EACH ROW EXECUTE FUNCTION audit_seals_refuse_change();

CREATE TRIGGER audit_seals_no_truncate
  BEFORE TRUNCATE ON audit_seals
  FOR EACH STATEMENT EXECUTE FUNCTION audit_seals_refuse_change();
