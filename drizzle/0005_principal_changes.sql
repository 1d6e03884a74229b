-- Announces every change to the rows a signed-in request's principal is read from (the session,
-- its user, the admin role and the coordinator switches), so the embedded database's principal
-- cache can drop what it holds in the same moment (docs/decisions/0064).
-- Hand-written: drizzle-kit cannot express functions or triggers.

-- Statement-level: one notification per statement, whatever number of rows it touched
-- (a cascade from a deleted user included). Sent at commit, never for a rolled-back change.
CREATE FUNCTION "principal_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principal_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_principal_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION "principal_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "user_principal_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION "principal_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_principal_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "principal_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "coordinator_permissions_principal_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coordinator_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "principal_changes_notify"();
