-- Hand-written (issue 18, docs/decisions/0152): the chat order lock is taken by the statement
-- that writes a message, not by a statement of its own before it. Sending, editing and deleting
-- a message took the lock with `select pg_advisory_xact_lock(7243902)` and only then wrote the
-- message: one more round trip while the transaction held the embedded database's only
-- connection. A BEFORE ... FOR EACH STATEMENT trigger fires before the statement reads or
-- computes any row, so before the id's and the revision's nextval(): ids and revisions are
-- still handed out under the lock, in commit order, which a reconnecting tab's cursor relies on
-- (docs/decisions/0123). An update takes it only when it sets the revision (an edit, a
-- delete): a partner merge renaming a channel does not, as it did not before.
CREATE FUNCTION "messages_order_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7243902);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_order_lock" BEFORE INSERT OR UPDATE OF "revision" ON "messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "messages_order_lock"();
