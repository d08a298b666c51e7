-- Inbound e-mail (spec platform §13.1): each ticket's reply address carries a random 128-bit token, made
-- when the first mail about the ticket is written; outgoing mail keeps the Reply-To it was given.
CREATE TABLE "helpdesk_ticket_mail_token" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"token" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_ticket_mail_token_ticket_id_helpdesk_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."helpdesk_ticket"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "helpdesk_ticket_mail_token_token_ck" CHECK ("token" ~ '^[0-9a-f]{32}$')
);--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_ticket_mail_token_token_uq" ON "helpdesk_ticket_mail_token" USING btree ("token");--> statement-breakpoint
ALTER TABLE "notifications_email_outbox" ADD COLUMN "reply_to" varchar(320);
