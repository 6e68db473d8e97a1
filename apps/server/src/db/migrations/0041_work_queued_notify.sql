-- A mail or a job queued in a transaction wakes the workers of every process at commit
-- (core/work-signal.ts), so a person does not wait for the next poll for their access code, a
-- welcome mail or an export. Polling stays the fallback (retries, due times in the future, a
-- missed NOTIFY on a dropped connection). One NOTIFY per statement, whatever the rows.
CREATE FUNCTION notify_work_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qualis_work_queued', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER mail_outbox_notify_queued AFTER INSERT ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION notify_work_queued();

CREATE TRIGGER jobs_notify_queued AFTER INSERT ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_work_queued();
