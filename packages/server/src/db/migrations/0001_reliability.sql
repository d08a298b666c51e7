CREATE TABLE "identity_security_event" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" varchar(40) NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"user_id" uuid,
	"actor" varchar(100) DEFAULT '' NOT NULL,
	"address" varchar(64),
	"user_agent" varchar(500),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "identity_security_event_kind_ck" CHECK ("identity_security_event"."kind" in ('login_succeeded', 'login_failed', 'login_throttled', 'permission_granted', 'group_joined'))
);
--> statement-breakpoint
ALTER TABLE "identity_security_event" ADD CONSTRAINT "identity_security_event_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_security_event_at_idx" ON "identity_security_event" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "identity_security_event_kind_idx" ON "identity_security_event" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "identity_security_event_user_idx" ON "identity_security_event" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "identity_security_event_email_idx" ON "identity_security_event" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "identity_security_event_address_idx" ON "identity_security_event" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "auth_login_failure_address_idx" ON "auth_login_failure" USING btree ("address","at");