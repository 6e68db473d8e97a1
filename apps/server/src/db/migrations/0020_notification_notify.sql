-- The bell updates without a reload (modules/notifications/notification-stream.ts): any change to
-- a person's notifications in an organization (assigned, dismissed, withdrawn) tells every server
-- process at commit, whichever code path made it. The payload names whose bell to refresh.
CREATE FUNCTION notify_notification_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'qualis_notifications',
    COALESCE(NEW.user_id, OLD.user_id)::text || ':' || COALESCE(NEW.organization_id, OLD.organization_id)::text
  );
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_notify_change AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_notification_change();
