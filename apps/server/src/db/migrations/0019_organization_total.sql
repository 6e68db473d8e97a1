-- The SuperAdmin's organizations list counted every organization on every full page: 12-20 ms for
-- 100,000 rows against 0.1 ms for the page itself (docs/performance.md). The unfiltered total is
-- kept here instead, changed by a trigger in the same transaction as every insert and delete, so
-- it cannot drift from the table. Filtered lists (a search) still count exactly.
CREATE TABLE organization_total (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  total bigint NOT NULL
);
INSERT INTO organization_total (total) SELECT count(*) FROM organizations;

-- Statement triggers with transition tables: one UPDATE per statement, however many rows it
-- inserts or deletes (a row trigger would update the one row 100,000 times in a bulk insert).
CREATE FUNCTION organization_total_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organization_total SET total = total + (SELECT count(*) FROM changed_rows);
  RETURN NULL;
END $$;

CREATE FUNCTION organization_total_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organization_total SET total = total - (SELECT count(*) FROM changed_rows);
  RETURN NULL;
END $$;

CREATE TRIGGER organization_total_added AFTER INSERT ON organizations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_total_added();
CREATE TRIGGER organization_total_removed AFTER DELETE ON organizations
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_total_removed();
