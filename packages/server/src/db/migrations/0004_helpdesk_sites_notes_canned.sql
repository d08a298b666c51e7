ALTER TABLE "helpdesk_ticket" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "cost_centre_id" uuid;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD CONSTRAINT "helpdesk_ticket_client_id_accounts_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts_client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD CONSTRAINT "helpdesk_ticket_cost_centre_id_operations_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."operations_cost_centre"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_client_idx" ON "helpdesk_ticket" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_cost_centre_idx" ON "helpdesk_ticket" USING btree ("cost_centre_id","created_at","id");--> statement-breakpoint
ALTER TABLE "helpdesk_conversation" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "helpdesk_canned_reply" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_canned_reply_title_ck" CHECK (length(btrim("helpdesk_canned_reply"."title")) > 0)
);--> statement-breakpoint
ALTER TABLE "helpdesk_canned_reply" ADD CONSTRAINT "helpdesk_canned_reply_owner_id_auth_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "helpdesk_canned_reply_owner_idx" ON "helpdesk_canned_reply" USING btree ("owner_id","title","id");--> statement-breakpoint
CREATE INDEX "helpdesk_canned_reply_shared_idx" ON "helpdesk_canned_reply" USING btree ("title","id") WHERE "helpdesk_canned_reply"."shared";
