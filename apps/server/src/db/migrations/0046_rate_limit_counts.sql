-- Rate-limit counts shared by the nodes of a deployment on PostgreSQL (core/rate-limit-store.ts,
-- docs/decisions/0041-shared-rate-limits.md): one row a limit's key (a person, an address, a
-- route's own limit), its window ending at window_end; a request after the end begins a new window
-- in the same row. UNLOGGED: counts are not records, and a crash that empties the table only
-- gives everyone a fresh minute. Rows of ended windows are deleted hourly.
CREATE UNLOGGED TABLE rate_limit_counts (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_end timestamptz NOT NULL
);
