-- Each server process keeps verified sessions in memory for a few seconds (core/session-cache.ts).
-- Any change to a session (sign-out, rotation, revocation) or to a person (password, e-mail,
-- names, role, deletion) tells every process at commit, whichever code path made it.
CREATE FUNCTION notify_session_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qualis_session_changes', COALESCE(OLD.user_id, NEW.user_id)::text);
  RETURN NULL;
END $$;

CREATE FUNCTION notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qualis_session_changes', COALESCE(OLD.id, NEW.id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_user_change();

CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_change();
