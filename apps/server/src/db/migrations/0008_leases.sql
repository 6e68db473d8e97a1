-- Leases for background work: a claimed job or mail carries its claimer and the time until which
-- it is claimed. The claimer renews the lease while it works; once a lease expires (its process
-- died) the row may be claimed again. A starting process no longer resets anyone's rows.
ALTER TABLE jobs ADD COLUMN locked_by text NULL, ADD COLUMN locked_until timestamptz NULL;
ALTER TABLE mail_outbox ADD COLUMN locked_by text NULL, ADD COLUMN locked_until timestamptz NULL;

-- Rows claimed by a process of the previous version have no lease: they are claimable at once.
UPDATE jobs SET locked_until = now() WHERE status = 'running';
UPDATE mail_outbox SET locked_until = now() WHERE status = 'sending';

CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';
CREATE INDEX mail_outbox_lease_idx ON mail_outbox (locked_until) WHERE status = 'sending';

-- The organization logs export reads audit events by keyset (time, then id).
CREATE INDEX audit_events_time_idx ON audit_events (occurred_at, id);
