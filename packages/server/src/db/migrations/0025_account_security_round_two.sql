ALTER TABLE "identity_security_event" DROP CONSTRAINT "identity_security_event_kind_ck";--> statement-breakpoint
ALTER TABLE "identity_mfa_totp" ALTER COLUMN "secret" SET DATA TYPE varchar(200);--> statement-breakpoint
ALTER TABLE "identity_security_event" ADD CONSTRAINT "identity_security_event_kind_ck" CHECK ("identity_security_event"."kind" in ('login_succeeded', 'login_failed', 'login_throttled', 'permission_granted', 'group_joined', 'mfa_totp_enabled', 'mfa_totp_disabled', 'mfa_recovery_codes_generated', 'mfa_recovery_code_used', 'mfa_passkey_added', 'mfa_passkey_removed', 'mfa_failed', 'step_up_succeeded', 'step_up_failed', 'session_ended', 'mfa_reset'));--> statement-breakpoint
-- TOTP secrets stored before MFA_SECRET_KEY was set are sealed by the server at start-up
-- (identity.plugin.ts, sealTotpSecrets): the key lives outside the database, so SQL cannot do it.
