CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"model" varchar(50) NOT NULL,
	"record_id" uuid NOT NULL,
	"action" varchar(10) NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_log_action_ck" CHECK ("audit_log"."action" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
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
CREATE TABLE "records_address" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"contact_person_id" uuid,
	"cost_centre_id" uuid,
	"legal_entity_id" uuid,
	"address_name" varchar(255) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"premise_address" varchar(255) DEFAULT '' NOT NULL,
	"street_address" varchar(255) NOT NULL,
	"locality" varchar(255) NOT NULL,
	"state" varchar(100) NOT NULL,
	"postal_code" varchar(20) NOT NULL,
	"country" varchar(100) NOT NULL,
	"formatted_address" varchar(500) DEFAULT '' NOT NULL,
	"time_zone" varchar(50) DEFAULT '' NOT NULL,
	"latitude" numeric(10, 7),
	"longitude" numeric(10, 7),
	"driving_direction" text DEFAULT '' NOT NULL,
	"places_api_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "records_address_one_owner_ck" CHECK (num_nonnulls("records_address"."client_id", "records_address"."contact_person_id", "records_address"."cost_centre_id", "records_address"."legal_entity_id") = 1),
	CONSTRAINT "records_address_purpose_ck" CHECK ("records_address"."purpose" in ('BUSINESS', 'BILLING', 'POSTAL', 'DELIVERY', 'HOME', 'WORK', 'OTHER')),
	CONSTRAINT "records_address_latitude_ck" CHECK ("records_address"."latitude" between -90 and 90),
	CONSTRAINT "records_address_longitude_ck" CHECK ("records_address"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "records_allocation" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"legal_entity_id" uuid,
	"client_id" uuid,
	"cost_centre_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "records_allocation_one_target_ck" CHECK (num_nonnulls("records_allocation"."legal_entity_id", "records_allocation"."client_id", "records_allocation"."cost_centre_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "operations_brand" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"description" varchar(50) DEFAULT '' NOT NULL,
	"legal_entity_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "operations_brand_name_ck" CHECK (btrim("operations_brand"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "accounts_client_contact_role" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role" varchar(255) NOT NULL,
	"responsibility" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "accounts_client_contact_role_role_ck" CHECK (btrim("accounts_client_contact_role"."role") <> '')
);
--> statement-breakpoint
CREATE TABLE "accounts_client" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"account_number" varchar(50) NOT NULL,
	"abn" varchar(11) DEFAULT '' NOT NULL,
	"acn" varchar(11) DEFAULT '' NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"master_record_id" uuid,
	"parent_id" uuid,
	"legal_entity_id" uuid NOT NULL,
	"industry_id" uuid,
	"sub_industry_id" uuid,
	"relation_status" varchar(20) DEFAULT 'ACTIVE' NOT NULL,
	"account_type" varchar(20) DEFAULT 'CLIENT' NOT NULL,
	"account_source" varchar(30) DEFAULT '' NOT NULL,
	"number_of_employees" integer,
	"annual_revenue" numeric(14, 2),
	"ticker_symbol" varchar(10) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "accounts_client_relation_status_ck" CHECK ("accounts_client"."relation_status" in ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "accounts_client_account_type_ck" CHECK ("accounts_client"."account_type" in ('COMPANY', 'CLIENT', 'CUSTOMER', 'PARTNER', 'FRANCHISOR', 'CONTRACTOR', 'SITE', 'VILLAGE', 'COMPETITOR', 'JOINT_VENTURE', 'OTHER')),
	CONSTRAINT "accounts_client_account_source_ck" CHECK ("accounts_client"."account_source" in ('', 'WEBSITE', 'ADVERTISEMENT', 'PR_MEDIA', 'EMAIL_EDM', 'PHONE_LEAD', 'GOOGLE_ORGANIC', 'GOOGLE_ADS', 'SALTBUSH_EVENTS', 'CONFERENCE_EXPOS', 'LINKEDIN_SALES_NAVIGATOR', 'REFERRALS', 'LINKEDIN', 'FACEBOOK', 'BING_ORGANIC', 'TAPT', 'EXISTING_CLIENT', 'OTHER')),
	CONSTRAINT "accounts_client_number_of_employees_ck" CHECK ("accounts_client"."number_of_employees" >= 0),
	CONSTRAINT "accounts_client_name_ck" CHECK (btrim("accounts_client"."name") <> '' and btrim("accounts_client"."account_number") <> '')
);
--> statement-breakpoint
CREATE TABLE "accounts_contact_person" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"reports_to_id" uuid,
	"salutation" varchar(10) DEFAULT '' NOT NULL,
	"pronouns" varchar(10) DEFAULT '' NOT NULL,
	"gender" varchar(20) DEFAULT '' NOT NULL,
	"first_name" varchar(50) DEFAULT '' NOT NULL,
	"middle_name" varchar(50) DEFAULT '' NOT NULL,
	"last_name" varchar(50) DEFAULT '' NOT NULL,
	"full_name" varchar(152) GENERATED ALWAYS AS (btrim(regexp_replace("accounts_contact_person"."first_name" || ' ' || "accounts_contact_person"."middle_name" || ' ' || "accounts_contact_person"."last_name", '\s+', ' ', 'g'))) STORED NOT NULL,
	"pref_name" varchar(50) DEFAULT '' NOT NULL,
	"birthday" date,
	"department" varchar(60) DEFAULT '' NOT NULL,
	"position" varchar(60) DEFAULT '' NOT NULL,
	"is_still_with_company" boolean DEFAULT true NOT NULL,
	"communication_preference" varchar(10) DEFAULT 'EMAIL' NOT NULL,
	"contact_person_type" varchar(15) DEFAULT 'OTHER' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_email_opt_out" boolean DEFAULT false NOT NULL,
	"do_not_call" boolean DEFAULT false NOT NULL,
	"availability" varchar(50) DEFAULT '' NOT NULL,
	"linkedin_profile" varchar(80) DEFAULT '' NOT NULL,
	"profile_photo_url" varchar(80) DEFAULT '' NOT NULL,
	"notes" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "accounts_contact_person_salutation_ck" CHECK ("accounts_contact_person"."salutation" in ('', 'MR', 'MRS', 'MISS', 'MS', 'MX', 'SISTER', 'FATHER', 'SIR', 'MADAM', 'DR', 'PROF', 'LORD')),
	CONSTRAINT "accounts_contact_person_pronouns_ck" CHECK ("accounts_contact_person"."pronouns" in ('', 'HE/HIM', 'SHE/HER', 'THEY/THEM')),
	CONSTRAINT "accounts_contact_person_gender_ck" CHECK ("accounts_contact_person"."gender" in ('', 'MALE', 'FEMALE', 'NON-BINARY', 'TRANSGENDER', 'CISGENDER', 'AGENDER', 'GENDERFLUID', 'GENDERQUEER', 'INTERSEX', 'PREFER_NOT_TO_SAY')),
	CONSTRAINT "accounts_contact_person_communication_preference_ck" CHECK ("accounts_contact_person"."communication_preference" in ('EMAIL', 'PHONE', 'SMS', 'POST', 'NONE', 'OTHER')),
	CONSTRAINT "accounts_contact_person_contact_person_type_ck" CHECK ("accounts_contact_person"."contact_person_type" in ('PRIMARY', 'SECONDARY', 'DECISION', 'CONTRACTUAL', 'PROCUREMENT', 'SUPPORTER', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "accounts_contact_relation_role" (
	"relation_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "accounts_contact_relation_role_relation_id_role_id_pk" PRIMARY KEY("relation_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "accounts_contact_relation" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"contact_person_id" uuid NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "accounts_contact_relation_dates_ck" CHECK ("accounts_contact_relation"."end_date" is null or "accounts_contact_relation"."start_date" is null or "accounts_contact_relation"."end_date" >= "accounts_contact_relation"."start_date")
);
--> statement-breakpoint
CREATE TABLE "records_contact" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"contact_person_id" uuid,
	"cost_centre_id" uuid,
	"legal_entity_id" uuid,
	"description" varchar(50) DEFAULT '' NOT NULL,
	"contact_detail" varchar(255) NOT NULL,
	"contact_type" varchar(10) NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "records_contact_one_owner_ck" CHECK (num_nonnulls("records_contact"."client_id", "records_contact"."contact_person_id", "records_contact"."cost_centre_id", "records_contact"."legal_entity_id") = 1),
	CONSTRAINT "records_contact_contact_type_ck" CHECK ("records_contact"."contact_type" in ('PHONE', 'MOBILE', 'EMAIL', 'WEBSITE')),
	CONSTRAINT "records_contact_contact_detail_ck" CHECK (btrim("records_contact"."contact_detail") <> '')
);
--> statement-breakpoint
CREATE TABLE "operations_contact_relation_role" (
	"relation_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "operations_contact_relation_role_relation_id_role_id_pk" PRIMARY KEY("relation_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "operations_contact_relation" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cost_centre_id" uuid NOT NULL,
	"contact_person_id" uuid NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "operations_contact_relation_dates_ck" CHECK ("operations_contact_relation"."end_date" is null or "operations_contact_relation"."start_date" is null or "operations_contact_relation"."end_date" >= "operations_contact_relation"."start_date")
);
--> statement-breakpoint
CREATE TABLE "operations_cost_centre" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" varchar(10) NOT NULL,
	"name" varchar(50) NOT NULL,
	"email" varchar(100) NOT NULL,
	"operation_status" varchar(15) DEFAULT 'ONBOARDING' NOT NULL,
	"notes" varchar(255) DEFAULT '' NOT NULL,
	"legal_entity_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"franchisor_id" uuid,
	"industry_id" uuid,
	"sub_industry_id" uuid,
	"brand_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "operations_cost_centre_operation_status_ck" CHECK ("operations_cost_centre"."operation_status" in ('ONBOARDING', 'MOBILISING', 'OPERATING', 'DEMOBILISING', 'CLOSED', 'PLACEHOLDER', 'OTHER')),
	CONSTRAINT "operations_cost_centre_required_ck" CHECK (btrim("operations_cost_centre"."name") <> '' and btrim("operations_cost_centre"."code") <> '' and btrim("operations_cost_centre"."email") <> '')
);
--> statement-breakpoint
CREATE TABLE "base_industry" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"legal_entity_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "base_industry_name_ck" CHECK (btrim("base_industry"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "base_legal_entity" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"abn" varchar(11) DEFAULT '' NOT NULL,
	"acn" varchar(11) DEFAULT '' NOT NULL,
	"search_name" varchar(255) DEFAULT '' NOT NULL,
	"abbr" varchar(11),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "base_legal_entity_name_ck" CHECK (btrim("base_legal_entity"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "operations_contact_role" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role" varchar(255) NOT NULL,
	"responsibility" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "operations_contact_role_role_ck" CHECK (btrim("operations_contact_role"."role") <> '')
);
--> statement-breakpoint
CREATE TABLE "base_sub_industry" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"industry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	CONSTRAINT "base_sub_industry_name_ck" CHECK (btrim("base_sub_industry"."name") <> '')
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "records_address" ADD CONSTRAINT "records_address_client_id_accounts_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_address" ADD CONSTRAINT "records_address_contact_person_id_accounts_contact_person_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."accounts_contact_person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_address" ADD CONSTRAINT "records_address_cost_centre_id_operations_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."operations_cost_centre"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_address" ADD CONSTRAINT "records_address_legal_entity_id_base_legal_entity_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."base_legal_entity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_address" ADD CONSTRAINT "records_address_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_address" ADD CONSTRAINT "records_address_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_allocation" ADD CONSTRAINT "records_allocation_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_allocation" ADD CONSTRAINT "records_allocation_legal_entity_id_base_legal_entity_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."base_legal_entity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_allocation" ADD CONSTRAINT "records_allocation_client_id_accounts_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_allocation" ADD CONSTRAINT "records_allocation_cost_centre_id_operations_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."operations_cost_centre"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_brand" ADD CONSTRAINT "operations_brand_legal_entity_id_base_legal_entity_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."base_legal_entity"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_brand" ADD CONSTRAINT "operations_brand_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_brand" ADD CONSTRAINT "operations_brand_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_client_contact_role" ADD CONSTRAINT "accounts_client_contact_role_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_client_contact_role" ADD CONSTRAINT "accounts_client_contact_role_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_client" ADD CONSTRAINT "accounts_client_owner_id_auth_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_client" ADD CONSTRAINT "accounts_client_master_record_id_accounts_client_id_fk" FOREIGN KEY ("master_record_id") REFERENCES "public"."accounts_client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_client" ADD CONSTRAINT "accounts_client_parent_id_accounts_client_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts_client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_client" ADD CONSTRAINT "accounts_client_legal_entity_id_base_legal_entity_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."base_legal_entity"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_client" ADD CONSTRAINT "accounts_client_industry_id_base_industry_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."base_industry"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_client" ADD CONSTRAINT "accounts_client_sub_industry_id_base_sub_industry_id_fk" FOREIGN KEY ("sub_industry_id") REFERENCES "public"."base_sub_industry"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_client" ADD CONSTRAINT "accounts_client_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_client" ADD CONSTRAINT "accounts_client_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_contact_person" ADD CONSTRAINT "accounts_contact_person_company_id_accounts_client_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."accounts_client"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_contact_person" ADD CONSTRAINT "accounts_contact_person_reports_to_id_accounts_contact_person_id_fk" FOREIGN KEY ("reports_to_id") REFERENCES "public"."accounts_contact_person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_contact_person" ADD CONSTRAINT "accounts_contact_person_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_contact_person" ADD CONSTRAINT "accounts_contact_person_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_contact_relation_role" ADD CONSTRAINT "accounts_contact_relation_role_relation_id_accounts_contact_relation_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."accounts_contact_relation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_contact_relation_role" ADD CONSTRAINT "accounts_contact_relation_role_role_id_accounts_client_contact_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."accounts_client_contact_role"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_contact_relation" ADD CONSTRAINT "accounts_contact_relation_client_id_accounts_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts_client"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_contact_relation" ADD CONSTRAINT "accounts_contact_relation_contact_person_id_accounts_contact_person_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."accounts_contact_person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_contact_relation" ADD CONSTRAINT "accounts_contact_relation_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_contact_relation" ADD CONSTRAINT "accounts_contact_relation_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_contact" ADD CONSTRAINT "records_contact_client_id_accounts_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_contact" ADD CONSTRAINT "records_contact_contact_person_id_accounts_contact_person_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."accounts_contact_person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_contact" ADD CONSTRAINT "records_contact_cost_centre_id_operations_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."operations_cost_centre"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_contact" ADD CONSTRAINT "records_contact_legal_entity_id_base_legal_entity_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."base_legal_entity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_contact" ADD CONSTRAINT "records_contact_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_contact" ADD CONSTRAINT "records_contact_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_contact_relation_role" ADD CONSTRAINT "operations_contact_relation_role_relation_id_operations_contact_relation_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."operations_contact_relation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_contact_relation_role" ADD CONSTRAINT "operations_contact_relation_role_role_id_operations_contact_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."operations_contact_role"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_contact_relation" ADD CONSTRAINT "operations_contact_relation_cost_centre_id_operations_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."operations_cost_centre"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_contact_relation" ADD CONSTRAINT "operations_contact_relation_contact_person_id_auth_user_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_contact_relation" ADD CONSTRAINT "operations_contact_relation_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_contact_relation" ADD CONSTRAINT "operations_contact_relation_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_cost_centre" ADD CONSTRAINT "operations_cost_centre_legal_entity_id_base_legal_entity_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."base_legal_entity"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_cost_centre" ADD CONSTRAINT "operations_cost_centre_client_id_accounts_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts_client"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_cost_centre" ADD CONSTRAINT "operations_cost_centre_franchisor_id_accounts_client_id_fk" FOREIGN KEY ("franchisor_id") REFERENCES "public"."accounts_client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_cost_centre" ADD CONSTRAINT "operations_cost_centre_industry_id_base_industry_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."base_industry"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_cost_centre" ADD CONSTRAINT "operations_cost_centre_sub_industry_id_base_sub_industry_id_fk" FOREIGN KEY ("sub_industry_id") REFERENCES "public"."base_sub_industry"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_cost_centre" ADD CONSTRAINT "operations_cost_centre_brand_id_operations_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."operations_brand"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_cost_centre" ADD CONSTRAINT "operations_cost_centre_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_cost_centre" ADD CONSTRAINT "operations_cost_centre_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_industry" ADD CONSTRAINT "base_industry_legal_entity_id_base_legal_entity_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."base_legal_entity"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_industry" ADD CONSTRAINT "base_industry_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_industry" ADD CONSTRAINT "base_industry_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_legal_entity" ADD CONSTRAINT "base_legal_entity_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_legal_entity" ADD CONSTRAINT "base_legal_entity_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_contact_role" ADD CONSTRAINT "operations_contact_role_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_contact_role" ADD CONSTRAINT "operations_contact_role_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_sub_industry" ADD CONSTRAINT "base_sub_industry_industry_id_base_industry_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."base_industry"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_sub_industry" ADD CONSTRAINT "base_sub_industry_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_sub_industry" ADD CONSTRAINT "base_sub_industry_updated_by_id_auth_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("model","record_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
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
CREATE INDEX "auth_user_name_idx" ON "auth_user" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "records_address_client_primary_uq" ON "records_address" USING btree ("client_id") WHERE "records_address"."is_primary" and "records_address"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_address_contact_person_primary_uq" ON "records_address" USING btree ("contact_person_id") WHERE "records_address"."is_primary" and "records_address"."contact_person_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_address_cost_centre_primary_uq" ON "records_address" USING btree ("cost_centre_id") WHERE "records_address"."is_primary" and "records_address"."cost_centre_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_address_legal_entity_primary_uq" ON "records_address" USING btree ("legal_entity_id") WHERE "records_address"."is_primary" and "records_address"."legal_entity_id" is not null;--> statement-breakpoint
CREATE INDEX "records_address_client_idx" ON "records_address" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_address_contact_person_idx" ON "records_address" USING btree ("contact_person_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_address_cost_centre_idx" ON "records_address" USING btree ("cost_centre_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_address_legal_entity_idx" ON "records_address" USING btree ("legal_entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_address_name_idx" ON "records_address" USING btree ("address_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "records_allocation_legal_entity_uq" ON "records_allocation" USING btree ("user_id","legal_entity_id") WHERE "records_allocation"."legal_entity_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_allocation_client_uq" ON "records_allocation" USING btree ("user_id","client_id") WHERE "records_allocation"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_allocation_cost_centre_uq" ON "records_allocation" USING btree ("user_id","cost_centre_id") WHERE "records_allocation"."cost_centre_id" is not null;--> statement-breakpoint
CREATE INDEX "records_allocation_client_idx" ON "records_allocation" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "records_allocation_cost_centre_idx" ON "records_allocation" USING btree ("cost_centre_id");--> statement-breakpoint
CREATE INDEX "records_allocation_legal_entity_idx" ON "records_allocation" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "operations_brand_name_idx" ON "operations_brand" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "operations_brand_created_idx" ON "operations_brand" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operations_brand_legal_entity_idx" ON "operations_brand" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "accounts_client_contact_role_role_idx" ON "accounts_client_contact_role" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "accounts_client_contact_role_created_idx" ON "accounts_client_contact_role" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_client_account_number_uq" ON "accounts_client" USING btree ("account_number");--> statement-breakpoint
CREATE INDEX "accounts_client_name_idx" ON "accounts_client" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "accounts_client_created_idx" ON "accounts_client" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_client_updated_idx" ON "accounts_client" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "accounts_client_status_idx" ON "accounts_client" USING btree ("relation_status","id");--> statement-breakpoint
CREATE INDEX "accounts_client_type_idx" ON "accounts_client" USING btree ("account_type","id");--> statement-breakpoint
CREATE INDEX "accounts_client_abn_idx" ON "accounts_client" USING btree ("abn","id");--> statement-breakpoint
CREATE INDEX "accounts_client_legal_entity_idx" ON "accounts_client" USING btree ("legal_entity_id","id");--> statement-breakpoint
CREATE INDEX "accounts_client_industry_idx" ON "accounts_client" USING btree ("industry_id");--> statement-breakpoint
CREATE INDEX "accounts_client_sub_industry_idx" ON "accounts_client" USING btree ("sub_industry_id");--> statement-breakpoint
CREATE INDEX "accounts_client_owner_idx" ON "accounts_client" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "accounts_client_parent_idx" ON "accounts_client" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "accounts_client_master_idx" ON "accounts_client" USING btree ("master_record_id");--> statement-breakpoint
CREATE INDEX "accounts_client_name_trgm" ON "accounts_client" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_client_account_number_trgm" ON "accounts_client" USING gin ("account_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_contact_person_company_idx" ON "accounts_contact_person" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "accounts_contact_person_full_name_idx" ON "accounts_contact_person" USING btree ("full_name","id");--> statement-breakpoint
CREATE INDEX "accounts_contact_person_last_name_idx" ON "accounts_contact_person" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "accounts_contact_person_created_idx" ON "accounts_contact_person" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_contact_person_reports_to_idx" ON "accounts_contact_person" USING btree ("reports_to_id");--> statement-breakpoint
CREATE INDEX "accounts_contact_person_full_name_trgm" ON "accounts_contact_person" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_contact_relation_role_role_idx" ON "accounts_contact_relation_role" USING btree ("role_id","relation_id");--> statement-breakpoint
CREATE INDEX "accounts_contact_relation_client_idx" ON "accounts_contact_relation" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "accounts_contact_relation_person_idx" ON "accounts_contact_relation" USING btree ("contact_person_id","id");--> statement-breakpoint
CREATE INDEX "accounts_contact_relation_created_idx" ON "accounts_contact_relation" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "records_contact_client_primary_uq" ON "records_contact" USING btree ("client_id","contact_type") WHERE "records_contact"."is_primary" and "records_contact"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_contact_contact_person_primary_uq" ON "records_contact" USING btree ("contact_person_id","contact_type") WHERE "records_contact"."is_primary" and "records_contact"."contact_person_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_contact_cost_centre_primary_uq" ON "records_contact" USING btree ("cost_centre_id","contact_type") WHERE "records_contact"."is_primary" and "records_contact"."cost_centre_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_contact_legal_entity_primary_uq" ON "records_contact" USING btree ("legal_entity_id","contact_type") WHERE "records_contact"."is_primary" and "records_contact"."legal_entity_id" is not null;--> statement-breakpoint
CREATE INDEX "records_contact_client_idx" ON "records_contact" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_contact_contact_person_idx" ON "records_contact" USING btree ("contact_person_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_contact_cost_centre_idx" ON "records_contact" USING btree ("cost_centre_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_contact_legal_entity_idx" ON "records_contact" USING btree ("legal_entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_contact_detail_trgm" ON "records_contact" USING gin ("contact_detail" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operations_contact_relation_role_role_idx" ON "operations_contact_relation_role" USING btree ("role_id","relation_id");--> statement-breakpoint
CREATE INDEX "operations_contact_relation_cost_centre_idx" ON "operations_contact_relation" USING btree ("cost_centre_id","id");--> statement-breakpoint
CREATE INDEX "operations_contact_relation_user_idx" ON "operations_contact_relation" USING btree ("contact_person_id","id");--> statement-breakpoint
CREATE INDEX "operations_contact_relation_created_idx" ON "operations_contact_relation" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operations_cost_centre_code_uq" ON "operations_cost_centre" USING btree ("code");--> statement-breakpoint
CREATE INDEX "operations_cost_centre_name_idx" ON "operations_cost_centre" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "operations_cost_centre_created_idx" ON "operations_cost_centre" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operations_cost_centre_status_idx" ON "operations_cost_centre" USING btree ("operation_status","id");--> statement-breakpoint
CREATE INDEX "operations_cost_centre_client_idx" ON "operations_cost_centre" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "operations_cost_centre_legal_entity_idx" ON "operations_cost_centre" USING btree ("legal_entity_id","id");--> statement-breakpoint
CREATE INDEX "operations_cost_centre_franchisor_idx" ON "operations_cost_centre" USING btree ("franchisor_id");--> statement-breakpoint
CREATE INDEX "operations_cost_centre_industry_idx" ON "operations_cost_centre" USING btree ("industry_id");--> statement-breakpoint
CREATE INDEX "operations_cost_centre_sub_industry_idx" ON "operations_cost_centre" USING btree ("sub_industry_id");--> statement-breakpoint
CREATE INDEX "operations_cost_centre_brand_idx" ON "operations_cost_centre" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "operations_cost_centre_name_trgm" ON "operations_cost_centre" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operations_cost_centre_code_trgm" ON "operations_cost_centre" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "base_industry_name_idx" ON "base_industry" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "base_industry_created_idx" ON "base_industry" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "base_industry_legal_entity_idx" ON "base_industry" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "base_industry_name_trgm" ON "base_industry" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "base_legal_entity_abbr_uq" ON "base_legal_entity" USING btree ("abbr") WHERE "base_legal_entity"."abbr" is not null;--> statement-breakpoint
CREATE INDEX "base_legal_entity_name_idx" ON "base_legal_entity" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "base_legal_entity_created_idx" ON "base_legal_entity" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "base_legal_entity_name_trgm" ON "base_legal_entity" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operations_contact_role_role_idx" ON "operations_contact_role" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "operations_contact_role_created_idx" ON "operations_contact_role" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "base_sub_industry_industry_idx" ON "base_sub_industry" USING btree ("industry_id","name","id");--> statement-breakpoint
CREATE INDEX "base_sub_industry_name_idx" ON "base_sub_industry" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "base_sub_industry_created_idx" ON "base_sub_industry" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "base_sub_industry_name_trgm" ON "base_sub_industry" USING gin ("name" gin_trgm_ops);