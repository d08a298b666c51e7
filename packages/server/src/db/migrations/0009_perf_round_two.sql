-- Every instance caches token and session lookups for a few seconds (modules/identity/credential-cache.ts).
-- A change that ends or alters a user's sign-in (logout, logout-all, password change or reset,
-- deactivation, a deleted user, a shortened expiry or moved creation time) notifies every listening instance on the channel
-- `identity_credentials_revoked` with the user's id, whichever process or statement made it. A
-- notification is delivered when its transaction commits, once per user and transaction.
CREATE OR REPLACE FUNCTION "identity_notify_credentials_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('identity_credentials_revoked', OLD."user_id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "identity_notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('identity_credentials_revoked', OLD."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "auth_token_revoked" AFTER DELETE ON "auth_token"
  FOR EACH ROW EXECUTE FUNCTION "identity_notify_credentials_revoked"();--> statement-breakpoint
CREATE TRIGGER "auth_token_shortened" AFTER UPDATE ON "auth_token"
  FOR EACH ROW WHEN (NEW."expiry" < OLD."expiry" OR NEW."created_at" <> OLD."created_at" OR NEW."user_id" IS DISTINCT FROM OLD."user_id")
  EXECUTE FUNCTION "identity_notify_credentials_revoked"();--> statement-breakpoint
CREATE TRIGGER "auth_session_revoked" AFTER DELETE ON "auth_session"
  FOR EACH ROW EXECUTE FUNCTION "identity_notify_credentials_revoked"();--> statement-breakpoint
CREATE TRIGGER "auth_session_shortened" AFTER UPDATE ON "auth_session"
  FOR EACH ROW WHEN (NEW."expiry" < OLD."expiry" OR NEW."created_at" <> OLD."created_at" OR NEW."user_id" IS DISTINCT FROM OLD."user_id")
  EXECUTE FUNCTION "identity_notify_credentials_revoked"();--> statement-breakpoint
CREATE TRIGGER "auth_user_deleted" AFTER DELETE ON "auth_user"
  FOR EACH ROW EXECUTE FUNCTION "identity_notify_user_changed"();--> statement-breakpoint
CREATE TRIGGER "auth_user_sign_in_changed" AFTER UPDATE ON "auth_user"
  FOR EACH ROW WHEN (
    NEW."is_active" IS DISTINCT FROM OLD."is_active"
    OR NEW."password" IS DISTINCT FROM OLD."password"
    OR NEW."is_superuser" IS DISTINCT FROM OLD."is_superuser"
    OR NEW."user_type" IS DISTINCT FROM OLD."user_type"
    OR NEW."email" IS DISTINCT FROM OLD."email"
    OR NEW."first_name" IS DISTINCT FROM OLD."first_name"
    OR NEW."last_name" IS DISTINCT FROM OLD."last_name"
  ) EXECUTE FUNCTION "identity_notify_user_changed"();
--> statement-breakpoint
-- Ticket lists read newest first with the id tie-breaker ascending (`created_at DESC, id ASC`): a
-- backward scan of an ascending (created_at, id) index gives `id DESC` and the page had to sort every
-- matching row. These read a page, at any depth, in index order.
CREATE INDEX "helpdesk_ticket_created_desc_idx" ON "helpdesk_ticket" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_status_priority_created_desc_idx" ON "helpdesk_ticket" USING btree ("ticket_status","priority","created_at" DESC NULLS FIRST,"id");
