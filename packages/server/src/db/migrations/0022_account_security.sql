CREATE TABLE "identity_mfa_challenge" (
	"id" uuid PRIMARY KEY NOT NULL,
	"digest" varchar(128) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"user_id" uuid NOT NULL,
	"via" varchar(10),
	"webauthn_challenge" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_mfa_passkey" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"credential_id" varchar(1400) NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_mfa_recovery_code" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"digest" varchar(128) NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_mfa_totp" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" varchar(64) NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_security_event" DROP CONSTRAINT "identity_security_event_kind_ck";--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "user_agent" varchar(500);--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "user_agent" varchar(500);--> statement-breakpoint
ALTER TABLE "auth_user" ADD COLUMN "mfa_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_mfa_challenge" ADD CONSTRAINT "identity_mfa_challenge_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_mfa_passkey" ADD CONSTRAINT "identity_mfa_passkey_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_mfa_recovery_code" ADD CONSTRAINT "identity_mfa_recovery_code_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_mfa_totp" ADD CONSTRAINT "identity_mfa_totp_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_mfa_challenge_digest_uq" ON "identity_mfa_challenge" USING btree ("digest");--> statement-breakpoint
CREATE INDEX "identity_mfa_challenge_user_idx" ON "identity_mfa_challenge" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "identity_mfa_challenge_expires_idx" ON "identity_mfa_challenge" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_mfa_passkey_user_idx" ON "identity_mfa_passkey" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_mfa_passkey_credential_uq" ON "identity_mfa_passkey" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "identity_mfa_recovery_code_user_idx" ON "identity_mfa_recovery_code" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_mfa_recovery_code_digest_uq" ON "identity_mfa_recovery_code" USING btree ("user_id","digest");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_token_id_uq" ON "auth_token" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_session_id_uq" ON "auth_session" USING btree ("id");--> statement-breakpoint
ALTER TABLE "identity_security_event" ADD CONSTRAINT "identity_security_event_kind_ck" CHECK ("identity_security_event"."kind" in ('login_succeeded', 'login_failed', 'login_throttled', 'permission_granted', 'group_joined', 'mfa_totp_enabled', 'mfa_totp_disabled', 'mfa_recovery_codes_generated', 'mfa_recovery_code_used', 'mfa_passkey_added', 'mfa_passkey_removed', 'mfa_failed', 'step_up_succeeded', 'step_up_failed', 'session_ended'));--> statement-breakpoint
-- A second factor set up or removed changes what a cached credential may reach
-- (MFA_REQUIRED_USER_TYPES): every instance drops that user's cached sign-ins.
DROP TRIGGER "auth_user_sign_in_changed" ON "auth_user";--> statement-breakpoint
CREATE TRIGGER "auth_user_sign_in_changed" AFTER UPDATE ON "auth_user"
  FOR EACH ROW WHEN (
    NEW."is_active" IS DISTINCT FROM OLD."is_active"
    OR NEW."password" IS DISTINCT FROM OLD."password"
    OR NEW."is_superuser" IS DISTINCT FROM OLD."is_superuser"
    OR NEW."user_type" IS DISTINCT FROM OLD."user_type"
    OR NEW."email" IS DISTINCT FROM OLD."email"
    OR NEW."first_name" IS DISTINCT FROM OLD."first_name"
    OR NEW."last_name" IS DISTINCT FROM OLD."last_name"
    OR NEW."mfa_enabled" IS DISTINCT FROM OLD."mfa_enabled"
  ) EXECUTE FUNCTION "identity_notify_user_changed"();
