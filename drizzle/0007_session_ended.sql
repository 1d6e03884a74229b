-- Whatever ends a session (sign-out, a password change, an admin ending it, a deleted
-- account, expiry clean-up) also ends the realtime streams that session opened, on every
-- instance: the deleted row is announced on the realtime channel, in the deleting
-- transaction, so only a committed delete is announced (docs/decisions/0091).
-- The envelope has the shape of src/server/realtime/event-bus.ts; it carries the session's
-- id, never its token (the token is what the cookie holds).
-- Hand-written: drizzle-kit cannot express functions or triggers.
CREATE FUNCTION "session_ended_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_events', json_build_object(
    'audience', json_build_object('userId', OLD."user_id"),
    'event', json_build_object('type', 'sessions.ended', 'userId', OLD."user_id", 'sessionId', OLD."id")
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_ended_realtime" AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "session_ended_notify"();
