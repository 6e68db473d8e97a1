-- Issue 22: the bell's event stream (notifications.routes.ts) checks its person's access again on
-- every message of 'qualis_session_changes' (migration 0012). A membership changed or removed,
-- and an organization activated or deactivated, tell every process too, so the stream of a person
-- who may no longer see the organization ends at once, like every other request.
CREATE TRIGGER memberships_notify_change AFTER UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION notify_session_user_change();

CREATE FUNCTION notify_organization_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qualis_session_changes', m.user_id::text) FROM memberships m WHERE m.organization_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER organizations_notify_status AFTER UPDATE OF status ON organizations
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_organization_members();
