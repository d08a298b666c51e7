CREATE TABLE "helpdesk_attachment" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"conversation_id" uuid,
	"storage_key" varchar(255) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_type" varchar(10) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_id" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_attachment_type_ck" CHECK ("helpdesk_attachment"."file_type" in ('jpeg', 'png', 'pdf', 'docx', 'xlsx', 'txt')),
	CONSTRAINT "helpdesk_attachment_size_ck" CHECK ("helpdesk_attachment"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "helpdesk_conversation_copy" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "helpdesk_conversation_copy_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "helpdesk_conversation" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid,
	"message" jsonb NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpdesk_ticket_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"from_status" varchar(12),
	"to_status" varchar(12) NOT NULL,
	"changed_by_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_ticket_history_status_ck" CHECK ("helpdesk_ticket_history"."to_status" in ('OPEN', 'ON_HOLD', 'IN_PROGRESS', 'REOPENED', 'CLOSED') and ("helpdesk_ticket_history"."from_status" is null or "helpdesk_ticket_history"."from_status" in ('OPEN', 'ON_HOLD', 'IN_PROGRESS', 'REOPENED', 'CLOSED')))
);
--> statement-breakpoint
CREATE TABLE "helpdesk_ticket" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"ticket_type" varchar(20) NOT NULL,
	"priority" varchar(10) DEFAULT 'MEDIUM' NOT NULL,
	"ticket_status" varchar(12) DEFAULT 'OPEN' NOT NULL,
	"ticket_content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"meta_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requester_id" uuid NOT NULL,
	"assignee_id" uuid,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_ticket_type_ck" CHECK ("helpdesk_ticket"."ticket_type" in ('ISSUE', 'SERVICE_REQUEST', 'FEEDBACK', 'INCIDENT', 'PROBLEM', 'ALERTS')),
	CONSTRAINT "helpdesk_ticket_priority_ck" CHECK ("helpdesk_ticket"."priority" in ('LOW', 'MEDIUM', 'HIGH', 'URGENT')),
	CONSTRAINT "helpdesk_ticket_status_ck" CHECK ("helpdesk_ticket"."ticket_status" in ('OPEN', 'ON_HOLD', 'IN_PROGRESS', 'REOPENED', 'CLOSED')),
	CONSTRAINT "helpdesk_ticket_title_ck" CHECK (length(btrim("helpdesk_ticket"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "notifications_email_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"to_address" varchar(254) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" varchar(1000),
	"notification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notifications_email_outbox_status_ck" CHECK ("notifications_email_outbox"."status" in ('PENDING', 'SENT', 'FAILED')),
	CONSTRAINT "notifications_email_outbox_attempts_ck" CHECK ("notifications_email_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications_notification" (
	"id" uuid PRIMARY KEY NOT NULL,
	"recipient_id" uuid NOT NULL,
	"actor_id" uuid,
	"level" varchar(10) DEFAULT 'info' NOT NULL,
	"verb" varchar(255) NOT NULL,
	"description" text,
	"target_type" varchar(50),
	"target_id" varchar(64),
	"target_text" varchar(300),
	"action_object_type" varchar(50),
	"action_object_id" varchar(64),
	"action_object_text" varchar(300),
	"data" jsonb,
	"unread" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_notification_level_ck" CHECK ("notifications_notification"."level" in ('success', 'info', 'warning', 'error'))
);
--> statement-breakpoint
CREATE TABLE "notifications_stream_token" (
	"digest" varchar(128) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expiry" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "helpdesk_attachment" ADD CONSTRAINT "helpdesk_attachment_ticket_id_helpdesk_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."helpdesk_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_attachment" ADD CONSTRAINT "helpdesk_attachment_conversation_id_helpdesk_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."helpdesk_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_attachment" ADD CONSTRAINT "helpdesk_attachment_uploaded_by_id_auth_user_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_conversation_copy" ADD CONSTRAINT "helpdesk_conversation_copy_conversation_id_helpdesk_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."helpdesk_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_conversation_copy" ADD CONSTRAINT "helpdesk_conversation_copy_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_conversation" ADD CONSTRAINT "helpdesk_conversation_ticket_id_helpdesk_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."helpdesk_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_conversation" ADD CONSTRAINT "helpdesk_conversation_sender_id_auth_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."auth_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_conversation" ADD CONSTRAINT "helpdesk_conversation_recipient_id_auth_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_conversation" ADD CONSTRAINT "helpdesk_conversation_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_conversation" ADD CONSTRAINT "helpdesk_conversation_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_history" ADD CONSTRAINT "helpdesk_ticket_history_ticket_id_helpdesk_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."helpdesk_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_history" ADD CONSTRAINT "helpdesk_ticket_history_changed_by_id_auth_user_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD CONSTRAINT "helpdesk_ticket_requester_id_auth_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."auth_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD CONSTRAINT "helpdesk_ticket_assignee_id_auth_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD CONSTRAINT "helpdesk_ticket_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD CONSTRAINT "helpdesk_ticket_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_email_outbox" ADD CONSTRAINT "notifications_email_outbox_notification_id_notifications_notification_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications_notification"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_notification" ADD CONSTRAINT "notifications_notification_recipient_id_auth_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_notification" ADD CONSTRAINT "notifications_notification_actor_id_auth_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_stream_token" ADD CONSTRAINT "notifications_stream_token_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "helpdesk_attachment_ticket_idx" ON "helpdesk_attachment" USING btree ("ticket_id","uploaded_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_attachment_conversation_idx" ON "helpdesk_attachment" USING btree ("conversation_id","uploaded_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_attachment_storage_key_idx" ON "helpdesk_attachment" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "helpdesk_conversation_copy_user_idx" ON "helpdesk_conversation_copy" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "helpdesk_conversation_ticket_idx" ON "helpdesk_conversation" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_conversation_sender_idx" ON "helpdesk_conversation" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "helpdesk_conversation_recipient_idx" ON "helpdesk_conversation" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "helpdesk_conversation_created_idx" ON "helpdesk_conversation" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_history_ticket_idx" ON "helpdesk_ticket_history" USING btree ("ticket_id","changed_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_requester_idx" ON "helpdesk_ticket" USING btree ("requester_id","created_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_assignee_idx" ON "helpdesk_ticket" USING btree ("assignee_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_created_idx" ON "helpdesk_ticket" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_updated_idx" ON "helpdesk_ticket" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_status_idx" ON "helpdesk_ticket" USING btree ("ticket_status","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_type_idx" ON "helpdesk_ticket" USING btree ("ticket_type","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_priority_idx" ON "helpdesk_ticket" USING btree ("priority","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_title_idx" ON "helpdesk_ticket" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_title_trgm_idx" ON "helpdesk_ticket" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_email_outbox_due_idx" ON "notifications_email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notifications_notification_recipient_idx" ON "notifications_notification" USING btree ("recipient_id","deleted","timestamp","id");--> statement-breakpoint
CREATE INDEX "notifications_notification_unread_idx" ON "notifications_notification" USING btree ("recipient_id","unread") WHERE not "notifications_notification"."deleted";--> statement-breakpoint
CREATE INDEX "notifications_notification_target_idx" ON "notifications_notification" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "notifications_stream_token_expiry_idx" ON "notifications_stream_token" USING btree ("expiry");