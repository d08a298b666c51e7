CREATE TABLE "identity_app_setting" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"theme_mode" varchar(15) NOT NULL,
	"theme_colour" varchar(15) NOT NULL,
	"display_density" varchar(15) NOT NULL,
	"default_page_view" varchar(15) NOT NULL,
	"language" varchar(15) NOT NULL,
	"date_time_format" varchar(10) NOT NULL,
	"timezone" varchar(32) NOT NULL,
	"landing_page" varchar(20) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_app_setting_codes_ck" CHECK ("identity_app_setting"."theme_mode" ~ '^[A-Z0-9-]*$' and "identity_app_setting"."theme_colour" ~ '^[A-Z0-9-]*$' and "identity_app_setting"."display_density" ~ '^[A-Z0-9-]*$' and "identity_app_setting"."default_page_view" ~ '^[A-Z0-9-]*$' and "identity_app_setting"."landing_page" ~ '^[A-Z0-9-]*$')
);
--> statement-breakpoint
CREATE TABLE "auth_token" (
	"digest" varchar(128) PRIMARY KEY NOT NULL,
	"token_key" varchar(15) NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expiry" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_group_permission" (
	"group_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	CONSTRAINT "auth_group_permission_group_id_permission_id_pk" PRIMARY KEY("group_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "auth_group" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"user_type" smallint
);
--> statement-breakpoint
CREATE TABLE "auth_login_failure" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"address" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_page_setting" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"page" varchar(100) NOT NULL,
	"layout" varchar(20) DEFAULT 'DEFAULT' NOT NULL,
	"page_setting" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_page_setting_codes_ck" CHECK ("identity_page_setting"."page" ~ '^[A-Z0-9-]+$' and "identity_page_setting"."layout" ~ '^[A-Z0-9-]*$')
);
--> statement-breakpoint
CREATE TABLE "auth_permission" (
	"id" uuid PRIMARY KEY NOT NULL,
	"module" varchar(50) NOT NULL,
	"model" varchar(100) NOT NULL,
	"action" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_profile" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"profile_picture" varchar(255),
	"profile_picture_type" varchar(20),
	"date_of_birth" date,
	"phone" varchar(15) DEFAULT '' NOT NULL,
	"mobile" varchar(15) DEFAULT '' NOT NULL,
	"personal_email" varchar(254) DEFAULT '' NOT NULL,
	"linkedin" varchar(200) DEFAULT '' NOT NULL,
	"employee_id" varchar(50),
	"legal_entity" varchar(255),
	"department" varchar(100),
	"position" varchar(100),
	"location" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"digest" varchar(128) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expiry" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_user_group" (
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "auth_user_group_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "auth_user_permission" (
	"user_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	CONSTRAINT "auth_user_permission_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "auth_user" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password" text NOT NULL,
	"first_name" varchar(150) DEFAULT '' NOT NULL,
	"last_name" varchar(150) DEFAULT '' NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	"user_type" smallint DEFAULT 6 NOT NULL,
	"directory_sync" boolean DEFAULT false NOT NULL,
	"reporting_manager_id" uuid,
	CONSTRAINT "auth_user_user_type_ck" CHECK ("auth_user"."user_type" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "identity_app_setting" ADD CONSTRAINT "identity_app_setting_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_token" ADD CONSTRAINT "auth_token_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_group_permission" ADD CONSTRAINT "auth_group_permission_group_id_auth_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."auth_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_group_permission" ADD CONSTRAINT "auth_group_permission_permission_id_auth_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."auth_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_page_setting" ADD CONSTRAINT "identity_page_setting_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_profile" ADD CONSTRAINT "identity_profile_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_group" ADD CONSTRAINT "auth_user_group_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_group" ADD CONSTRAINT "auth_user_group_group_id_auth_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."auth_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_permission" ADD CONSTRAINT "auth_user_permission_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_permission" ADD CONSTRAINT "auth_user_permission_permission_id_auth_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."auth_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user" ADD CONSTRAINT "auth_user_reporting_manager_id_auth_user_id_fk" FOREIGN KEY ("reporting_manager_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_token_user_idx" ON "auth_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_token_expiry_idx" ON "auth_token" USING btree ("expiry");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_group_name_uq" ON "auth_group" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_group_user_type_uq" ON "auth_group" USING btree ("user_type");--> statement-breakpoint
CREATE INDEX "auth_login_failure_lookup_idx" ON "auth_login_failure" USING btree ("email","address","at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_page_setting_user_page_layout_uq" ON "identity_page_setting" USING btree ("user_id","page","layout");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_permission_model_action_uq" ON "auth_permission" USING btree ("model","action");--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_user_group_group_idx" ON "auth_user_group" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_user_email_lower_uq" ON "auth_user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "auth_user_name_idx" ON "auth_user" USING btree ("first_name","last_name","id");