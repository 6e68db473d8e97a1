-- The SuperAdmin's organizations list counted every organization on every full page: 12-20 ms for
-- 100,000 rows against 0.1 ms for the page itself (docs/performance.md). The unfiltered total is
-- kept here instead, changed by a trigger in the same transaction as every insert and delete, so
-- it cannot drift from the table. Filtered lists (a search) still count exactly.
CREATE TABLE organization_total (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  total bigint NOT NULL
);
INSERT INTO organization_total (total) SELECT count(*) FROM organizations;

CREATE FUNCTION organization_total_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organization_total SET total = total + (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  RETURN NULL;
END $$;

CREATE TRIGGER organization_total_change AFTER INSERT OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION organization_total_change();
