CREATE TABLE "adp_employee" (
	"id" uuid PRIMARY KEY NOT NULL,
	"emp_code" varchar(20) NOT NULL,
	"comp_id" varchar(10) NOT NULL,
	"location" varchar(100),
	"emp_category" varchar(50),
	"employee_name" varchar(150) NOT NULL,
	"state" varchar(10),
	"first_name" varchar(60),
	"last_name" varchar(60),
	"preferred_name" varchar(60),
	"email" varchar(254),
	"mobile" varchar(30),
	"start_date" date,
	"termination_date" date,
	"status" varchar(10) NOT NULL,
	"cost_centre_code" varchar(20),
	"position_title" varchar(100),
	"reporting_manager_code" varchar(20),
	CONSTRAINT "adp_employee_status_ck" CHECK ("adp_employee"."status" in ('Active', 'Inactive', 'Terminated')),
	CONSTRAINT "adp_employee_dates_ck" CHECK ("adp_employee"."termination_date" is null or "adp_employee"."start_date" is null or "adp_employee"."termination_date" >= "adp_employee"."start_date")
);
--> statement-breakpoint
CREATE TABLE "adp_position_title" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"site_contact" boolean DEFAULT false NOT NULL,
	CONSTRAINT "adp_position_title_title_uq" UNIQUE("title")
);
--> statement-breakpoint
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
CREATE TABLE "buylink_cost_centre" (
	"id" bigint PRIMARY KEY NOT NULL,
	"cost_centre_name" varchar(80) NOT NULL,
	"cost_centre_code" varchar(20) NOT NULL,
	"trading" boolean NOT NULL,
	"download_format" varchar(20),
	"email" varchar(254),
	"accounts_email" varchar(254),
	"parent_id" bigint
);
--> statement-breakpoint
CREATE TABLE "buylink_console_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"dns_name" varchar(250),
	"doc_id" varchar(50),
	"doc_type" varchar(2),
	"doc_name" varchar(100),
	"file_type" varchar(10),
	"created_date" timestamp with time zone,
	"category" varchar(50),
	"log_type" varchar(50),
	"log_subtype" varchar(50),
	"level" varchar(20),
	"supplier_id" bigint,
	CONSTRAINT "buylink_console_log_doc_type_ck" CHECK ("buylink_console_log"."doc_type" in ('IN', 'CR', 'PO', 'PA'))
);
--> statement-breakpoint
CREATE TABLE "buylink_invoice_header" (
	"id" bigint PRIMARY KEY NOT NULL,
	"type" varchar(2) NOT NULL,
	"invoice_date" date,
	"invoice_number" varchar(80) NOT NULL,
	"po_number" varchar(80),
	"cost_centre_code" varchar(20),
	"supplier_name" varchar(100),
	"supplier_abn" varchar(11),
	"supplier_code" varchar(50),
	"freight_description" varchar(100),
	"account_code" varchar(50),
	"gl_account_code" varchar(50),
	"ap_creditor_code" varchar(20),
	"customer_account_no" varchar(90),
	"freight_account_code" varchar(50),
	"total_amount_inc_tax" numeric(20, 4) NOT NULL,
	"total_gst" numeric(20, 4) NOT NULL,
	"freight_gst" numeric(20, 4) NOT NULL,
	"freight_fee_inc_tax" numeric(20, 4) NOT NULL,
	"tax_code" varchar(10),
	"freight_tax_code" varchar(10),
	"code_level1" varchar(50),
	"code_level2" varchar(50),
	"code_level3" varchar(50),
	"code_level4" varchar(50),
	"code_level5" varchar(50),
	"code_level6" varchar(50),
	"code_level7" varchar(50),
	"receipted_date" timestamp with time zone,
	"updated_on" timestamp with time zone,
	"approved_by_user_name" varchar(150),
	"approved_on" timestamp with time zone,
	"cost_centre_id" bigint,
	"supplier_id" bigint,
	"status" varchar(10) NOT NULL,
	CONSTRAINT "buylink_invoice_header_type_ck" CHECK ("buylink_invoice_header"."type" in ('IN', 'CR')),
	CONSTRAINT "buylink_invoice_header_status_ck" CHECK ("buylink_invoice_header"."status" in ('PENDING', 'RECEIPTED', 'APPROVED', 'EXPORTED', 'REJECTED', 'ON_HOLD'))
);
--> statement-breakpoint
CREATE TABLE "buylink_supplier_cost_centre_allocation" (
	"id" varchar(20) PRIMARY KEY NOT NULL,
	"cost_centre_code" varchar(20),
	"customer_account_no" varchar(90),
	"ap_creditor_code" varchar(20),
	"is_active" boolean NOT NULL,
	"supplier_id" bigint NOT NULL,
	"cost_centre_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buylink_supplier" (
	"id" bigint PRIMARY KEY NOT NULL,
	"supplier_name" varchar(100) NOT NULL,
	"supplier_category" varchar(100),
	"trading_supplier" boolean NOT NULL,
	"buying_group" varchar(100),
	"active" boolean NOT NULL,
	"business_name" varchar(150),
	"abn_number" varchar(11),
	"phone" varchar(30),
	"fax" varchar(30),
	"parent_id" bigint
);
--> statement-breakpoint
CREATE TABLE "dynamics_financial_dimension_value" (
	"id" uuid PRIMARY KEY NOT NULL,
	"legal_entity_id" varchar(4) NOT NULL,
	"financial_dimension" varchar(60) NOT NULL,
	"dimension_value" varchar(30) NOT NULL,
	"description" varchar(60),
	"group_dimension" varchar(60),
	"is_suspended" boolean NOT NULL,
	"is_blocked_for_manual_entry" boolean NOT NULL,
	"is_total" boolean NOT NULL,
	"active_from" date,
	"active_to" date,
	"owner" varchar(60),
	"is_balancing_psn" boolean NOT NULL,
	"derived_dimension" varchar(200),
	"state" varchar(10),
	"state_value" varchar(60),
	"segment" varchar(10),
	"segment_value" varchar(60),
	"group_code" varchar(10),
	"group_value" varchar(60)
);
--> statement-breakpoint
CREATE TABLE "dynamics_vend_invoice_jour" (
	"id" bigint PRIMARY KEY NOT NULL,
	"invoice_account" varchar(20) NOT NULL,
	"vendor_name" varchar(100),
	"invoice_id" varchar(20) NOT NULL,
	"invoice_date" date,
	"invoice_amount" numeric(10, 2) NOT NULL,
	"invoice_amount_mst" numeric(10, 2) NOT NULL,
	"sales_balance" numeric(10, 2) NOT NULL,
	"sum_line_disc" numeric(10, 2) NOT NULL,
	"sum_tax" numeric(10, 2) NOT NULL,
	"currency_code" varchar(3),
	"vend_group" varchar(10),
	"description" varchar(60),
	"document_date" date,
	"document_num" varchar(20),
	"due_date" date,
	"cash_disc" numeric(10, 2) NOT NULL,
	"cash_disc_code" varchar(10),
	"cash_disc_date" date,
	"purch_id" varchar(20),
	"qty" numeric(10, 2) NOT NULL,
	"tax_group" varchar(10),
	"data_area_id" varchar(4) NOT NULL,
	"ledger_voucher" varchar(20),
	"internal_invoice_id" varchar(20),
	"posting_profile" varchar(10),
	"paym_term_id" varchar(10)
);
--> statement-breakpoint
CREATE TABLE "dynamics_vend_settlement" (
	"id" bigint PRIMARY KEY NOT NULL,
	"data_area_id" varchar(4) NOT NULL,
	"account_num" varchar(20) NOT NULL,
	"invoice_id" varchar(20) NOT NULL,
	"trans_date" date,
	"trans_type" varchar(30),
	"settle_amount_cur" numeric(10, 2) NOT NULL,
	"settle_amount_mst" numeric(10, 2) NOT NULL,
	"exch_adjustment" numeric(10, 2) NOT NULL,
	"settlement_voucher" varchar(20),
	"offset_trans_voucher" varchar(20),
	"utilized_cash_disc" numeric(10, 2) NOT NULL,
	"settlement_group" bigint,
	"due_date" date,
	"can_be_reversed" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dynamics_vend_spend" (
	"id" bigint PRIMARY KEY NOT NULL,
	"data_area_id" varchar(4) NOT NULL,
	"invoice_account" varchar(20) NOT NULL,
	"invoice_id" varchar(20) NOT NULL,
	"company_name" varchar(100),
	"period" varchar(20),
	"invoice_posting_date" date,
	"site_id" varchar(20),
	"site_desc" varchar(100),
	"state_desc" varchar(50),
	"group_desc" varchar(100),
	"segment_desc" varchar(100),
	"main_account" varchar(20),
	"vend_group_description" varchar(100),
	"vend_locally_owned" boolean NOT NULL,
	"indigenous_status" varchar(50),
	"category_description" varchar(100),
	"sub_category_desc" varchar(100),
	"maf" varchar(20),
	"invoice_amount_incl_gst" numeric(10, 2) NOT NULL,
	"journal_num" varchar(20),
	"line_num" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dynamics_vend_transaction" (
	"record_id" bigint PRIMARY KEY NOT NULL,
	"data_area_id" varchar(4) NOT NULL,
	"account_num" varchar(20) NOT NULL,
	"invoice_id" varchar(20) NOT NULL,
	"trans_date" date,
	"trans_type" varchar(30),
	"paym_spec" varchar(20),
	"paym_mode" varchar(20),
	"amount_cur" numeric(10, 2) NOT NULL,
	"currency_code" varchar(3),
	"reporting_currency_amount" numeric(10, 2) NOT NULL,
	"settlement" boolean NOT NULL,
	"promissory_note_status" varchar(30),
	"approved" boolean NOT NULL,
	"approved_date" date,
	"posting_profile" varchar(10),
	"journal_num" varchar(20),
	"voucher" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "dynamics_vendor_v3" (
	"id" varchar(50) PRIMARY KEY NOT NULL,
	"data_area_id" varchar(4) NOT NULL,
	"vendor_account_number" varchar(10) NOT NULL,
	"vendor_party_number" varchar(40),
	"vendor_organization_name" varchar(100),
	"vendor_search_name" varchar(100),
	"vendor_known_as_name" varchar(100),
	"vendor_group_id" varchar(10),
	"cash_discount_code" varchar(10),
	"on_hold_status" varchar(12) NOT NULL,
	"vendor_hold_release_date" date NOT NULL,
	"is_one_time_vendor" boolean NOT NULL,
	"preferential_vendor" boolean NOT NULL,
	"is_small_business" boolean NOT NULL,
	"is_vendor_locally_owned" boolean NOT NULL,
	"foreign_vendor" boolean NOT NULL,
	"primary_phone_number" varchar(255),
	"primary_phone_number_description" varchar(60),
	"primary_phone_number_purpose" varchar(255),
	"primary_contact_phone_record_id" bigint NOT NULL,
	"primary_fax_number" varchar(255),
	"primary_fax_number_description" varchar(60),
	"primary_contact_fax_record_id" bigint,
	"primary_email_address" varchar(255),
	"primary_email_address_description" varchar(60),
	"primary_email_address_purpose" varchar(255),
	"primary_contact_email_record_id" bigint NOT NULL,
	"person_first_name" varchar(25),
	"person_middle_name" varchar(25),
	"person_last_name" varchar(25),
	"person_personal_title" varchar(50),
	"person_professional_title" varchar(50),
	"address_record_id" bigint NOT NULL,
	"address_valid_from" timestamp with time zone NOT NULL,
	"address_valid_to" timestamp with time zone NOT NULL,
	"address_description" varchar(60),
	"address_street" varchar(100),
	"address_city" varchar(50),
	"address_zip_code" varchar(10),
	"address_state" varchar(10),
	"address_country_region_id" varchar(5),
	"formatted_primary_address" varchar(150),
	"address_location_roles" varchar(255),
	"business_segment_code" varchar(20),
	"business_subsegment_code" varchar(20),
	"notes" varchar(150),
	"currency_code" varchar(5),
	"default_payment_terms_name" varchar(10),
	"default_payment_method_name" varchar(10),
	"default_payment_day_name" varchar(10),
	"default_payment_schedule_name" varchar(30),
	"bank_account_id" varchar(10),
	"sales_tax_group_code" varchar(10),
	"tax_exempt_number" varchar(20),
	"withholding_tax_group_code" varchar(10),
	"default_procurement_site_id" varchar(10),
	"default_procurement_warehouse_id" varchar(10),
	"default_purchase_order_pool_id" varchar(10),
	"default_delivery_mode_id" varchar(10),
	"default_delivery_terms_code" varchar(10),
	CONSTRAINT "dynamics_vendor_v3_on_hold_ck" CHECK ("dynamics_vendor_v3"."on_hold_status" in ('No', 'Invoice', 'All', 'Payment', 'Requisition', 'Never'))
);
--> statement-breakpoint
CREATE TABLE "google_directory_group" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text NOT NULL,
	"admin_created" boolean NOT NULL,
	"direct_members_count" bigint NOT NULL,
	"kind" varchar(50) NOT NULL,
	"aliases" jsonb NOT NULL,
	"non_editable_aliases" jsonb NOT NULL,
	"etag" varchar(100),
	CONSTRAINT "google_directory_group_count_ck" CHECK ("google_directory_group"."direct_members_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "google_directory_user" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"primary_email" varchar(254) NOT NULL,
	"given_name" varchar(100) NOT NULL,
	"family_name" varchar(100) NOT NULL,
	"title" varchar(255),
	"mobile" varchar(50),
	"phone" varchar(50),
	"cost_centre" varchar(50),
	"sector" varchar(100),
	"employee_type" varchar(100),
	"department" varchar(255),
	"region" varchar(100),
	"reporting_manager" varchar(254),
	"org_unit_path" varchar(500) NOT NULL,
	"user_kind" varchar(10) NOT NULL,
	CONSTRAINT "google_directory_user_kind_ck" CHECK ("google_directory_user"."user_kind" in ('office', 'site'))
);
--> statement-breakpoint
CREATE TABLE "google_group_member" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"member_key" varchar(64) NOT NULL,
	"type" varchar(10) NOT NULL,
	"kind" varchar(50) NOT NULL,
	"email" varchar(254),
	"role" varchar(10) NOT NULL,
	"status" varchar(20),
	"etag" varchar(100),
	"delivery_settings" varchar(20),
	"group_id" varchar(64) NOT NULL,
	"member_id" varchar(64),
	CONSTRAINT "google_group_member_type_ck" CHECK ("google_group_member"."type" in ('CUSTOMER', 'GROUP', 'USER')),
	CONSTRAINT "google_group_member_role_ck" CHECK ("google_group_member"."role" in ('MANAGER', 'MEMBER', 'OWNER'))
);
--> statement-breakpoint
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
CREATE TABLE "integration_sync_run" (
	"id" uuid PRIMARY KEY NOT NULL,
	"connector" varchar(20) NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"status" varchar(10) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_inserted" integer DEFAULT 0 NOT NULL,
	"rows_updated" integer DEFAULT 0 NOT NULL,
	"rows_deleted" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "integration_sync_run_connector_ck" CHECK ("integration_sync_run"."connector" in ('google-sync', 'dynamics', 'buylink', 'adp')),
	CONSTRAINT "integration_sync_run_trigger_ck" CHECK ("integration_sync_run"."trigger" in ('cli', 'schedule')),
	CONSTRAINT "integration_sync_run_status_ck" CHECK ("integration_sync_run"."status" in ('running', 'succeeded', 'failed')),
	CONSTRAINT "integration_sync_run_rows_ck" CHECK ("integration_sync_run"."rows_read" >= 0 and "integration_sync_run"."rows_inserted" >= 0 and "integration_sync_run"."rows_updated" >= 0 and "integration_sync_run"."rows_deleted" >= 0)
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
ALTER TABLE "adp_employee" ADD CONSTRAINT "adp_employee_position_title_adp_position_title_title_fk" FOREIGN KEY ("position_title") REFERENCES "public"."adp_position_title"("title") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_group_member" ADD CONSTRAINT "google_group_member_group_id_google_directory_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."google_directory_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "identity_app_setting" ADD CONSTRAINT "identity_app_setting_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_token" ADD CONSTRAINT "auth_token_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_group_permission" ADD CONSTRAINT "auth_group_permission_group_id_auth_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."auth_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_group_permission" ADD CONSTRAINT "auth_group_permission_permission_id_auth_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."auth_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_page_setting" ADD CONSTRAINT "identity_page_setting_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_profile" ADD CONSTRAINT "identity_profile_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_security_event" ADD CONSTRAINT "identity_security_event_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_group" ADD CONSTRAINT "auth_user_group_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_group" ADD CONSTRAINT "auth_user_group_group_id_auth_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."auth_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_permission" ADD CONSTRAINT "auth_user_permission_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_permission" ADD CONSTRAINT "auth_user_permission_permission_id_auth_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."auth_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user" ADD CONSTRAINT "auth_user_reporting_manager_id_auth_user_id_fk" FOREIGN KEY ("reporting_manager_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_email_outbox" ADD CONSTRAINT "notifications_email_outbox_notification_id_notifications_notification_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications_notification"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_notification" ADD CONSTRAINT "notifications_notification_recipient_id_auth_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_notification" ADD CONSTRAINT "notifications_notification_actor_id_auth_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_stream_token" ADD CONSTRAINT "notifications_stream_token_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE UNIQUE INDEX "adp_employee_emp_code_uq" ON "adp_employee" USING btree ("emp_code");--> statement-breakpoint
CREATE INDEX "adp_employee_name_idx" ON "adp_employee" USING btree ("employee_name","id");--> statement-breakpoint
CREATE INDEX "adp_employee_comp_idx" ON "adp_employee" USING btree ("comp_id","emp_code");--> statement-breakpoint
CREATE INDEX "adp_employee_location_idx" ON "adp_employee" USING btree ("location","id");--> statement-breakpoint
CREATE INDEX "adp_employee_state_idx" ON "adp_employee" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "adp_employee_cost_centre_idx" ON "adp_employee" USING btree ("cost_centre_code","id");--> statement-breakpoint
CREATE INDEX "adp_employee_status_idx" ON "adp_employee" USING btree ("status");--> statement-breakpoint
CREATE INDEX "adp_employee_start_idx" ON "adp_employee" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "adp_employee_manager_idx" ON "adp_employee" USING btree ("reporting_manager_code");--> statement-breakpoint
CREATE INDEX "adp_employee_position_idx" ON "adp_employee" USING btree ("position_title");--> statement-breakpoint
CREATE INDEX "adp_employee_name_trgm" ON "adp_employee" USING gin ("employee_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "adp_employee_code_trgm" ON "adp_employee" USING gin ("emp_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("model","record_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "buylink_cost_centre_code_idx" ON "buylink_cost_centre" USING btree ("cost_centre_code","id");--> statement-breakpoint
CREATE INDEX "buylink_cost_centre_name_idx" ON "buylink_cost_centre" USING btree ("cost_centre_name","id");--> statement-breakpoint
CREATE INDEX "buylink_cost_centre_parent_idx" ON "buylink_cost_centre" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "buylink_cost_centre_name_trgm" ON "buylink_cost_centre" USING gin ("cost_centre_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buylink_console_log_created_idx" ON "buylink_console_log" USING btree ("created_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "buylink_console_log_supplier_idx" ON "buylink_console_log" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "buylink_console_log_level_idx" ON "buylink_console_log" USING btree ("level","id");--> statement-breakpoint
CREATE INDEX "buylink_console_log_doc_name_trgm" ON "buylink_console_log" USING gin ("doc_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_date_idx" ON "buylink_invoice_header" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_number_idx" ON "buylink_invoice_header" USING btree ("invoice_number","id");--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_total_idx" ON "buylink_invoice_header" USING btree ("total_amount_inc_tax","id");--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_updated_idx" ON "buylink_invoice_header" USING btree ("updated_on","id");--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_status_idx" ON "buylink_invoice_header" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_supplier_idx" ON "buylink_invoice_header" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_cost_centre_idx" ON "buylink_invoice_header" USING btree ("cost_centre_id","id");--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_cc_code_idx" ON "buylink_invoice_header" USING btree ("cost_centre_code","id");--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_number_trgm" ON "buylink_invoice_header" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_supplier_trgm" ON "buylink_invoice_header" USING gin ("supplier_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buylink_allocation_supplier_idx" ON "buylink_supplier_cost_centre_allocation" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "buylink_allocation_cost_centre_idx" ON "buylink_supplier_cost_centre_allocation" USING btree ("cost_centre_id","id");--> statement-breakpoint
CREATE INDEX "buylink_allocation_code_idx" ON "buylink_supplier_cost_centre_allocation" USING btree ("cost_centre_code","id");--> statement-breakpoint
CREATE INDEX "buylink_supplier_name_idx" ON "buylink_supplier" USING btree ("supplier_name","id");--> statement-breakpoint
CREATE INDEX "buylink_supplier_category_idx" ON "buylink_supplier" USING btree ("supplier_category","id");--> statement-breakpoint
CREATE INDEX "buylink_supplier_parent_idx" ON "buylink_supplier" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "buylink_supplier_name_trgm" ON "buylink_supplier" USING gin ("supplier_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buylink_supplier_business_trgm" ON "buylink_supplier" USING gin ("business_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "dynamics_financial_dimension_value_uq" ON "dynamics_financial_dimension_value" USING btree ("financial_dimension","dimension_value","legal_entity_id");--> statement-breakpoint
CREATE INDEX "dynamics_financial_dimension_value_value_idx" ON "dynamics_financial_dimension_value" USING btree ("dimension_value","id");--> statement-breakpoint
CREATE INDEX "dynamics_financial_dimension_value_state_idx" ON "dynamics_financial_dimension_value" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "dynamics_financial_dimension_value_segment_idx" ON "dynamics_financial_dimension_value" USING btree ("segment","id");--> statement-breakpoint
CREATE INDEX "dynamics_financial_dimension_value_group_idx" ON "dynamics_financial_dimension_value" USING btree ("group_code","id");--> statement-breakpoint
CREATE INDEX "dynamics_financial_dimension_value_description_trgm" ON "dynamics_financial_dimension_value" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dynamics_financial_dimension_value_value_trgm" ON "dynamics_financial_dimension_value" USING gin ("dimension_value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dynamics_vend_invoice_jour_link_idx" ON "dynamics_vend_invoice_jour" USING btree ("data_area_id","invoice_account","invoice_id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_invoice_jour_date_idx" ON "dynamics_vend_invoice_jour" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_invoice_jour_due_idx" ON "dynamics_vend_invoice_jour" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_invoice_jour_amount_idx" ON "dynamics_vend_invoice_jour" USING btree ("invoice_amount","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_invoice_jour_account_idx" ON "dynamics_vend_invoice_jour" USING btree ("invoice_account","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_invoice_jour_invoice_idx" ON "dynamics_vend_invoice_jour" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_invoice_jour_vendor_idx" ON "dynamics_vend_invoice_jour" USING btree ("vendor_name","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_invoice_jour_vendor_trgm" ON "dynamics_vend_invoice_jour" USING gin ("vendor_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dynamics_vend_invoice_jour_invoice_trgm" ON "dynamics_vend_invoice_jour" USING gin ("invoice_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dynamics_vend_settlement_link_idx" ON "dynamics_vend_settlement" USING btree ("data_area_id","account_num","invoice_id","trans_date","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_settlement_date_idx" ON "dynamics_vend_settlement" USING btree ("trans_date","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_spend_link_idx" ON "dynamics_vend_spend" USING btree ("data_area_id","invoice_account","invoice_id","line_num","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_spend_posting_idx" ON "dynamics_vend_spend" USING btree ("invoice_posting_date","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_transaction_link_idx" ON "dynamics_vend_transaction" USING btree ("data_area_id","account_num","invoice_id","trans_date","record_id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_transaction_date_idx" ON "dynamics_vend_transaction" USING btree ("trans_date","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dynamics_vendor_v3_account_uq" ON "dynamics_vendor_v3" USING btree ("data_area_id","vendor_account_number");--> statement-breakpoint
CREATE INDEX "dynamics_vendor_v3_account_idx" ON "dynamics_vendor_v3" USING btree ("vendor_account_number","id");--> statement-breakpoint
CREATE INDEX "dynamics_vendor_v3_name_idx" ON "dynamics_vendor_v3" USING btree ("vendor_organization_name","id");--> statement-breakpoint
CREATE INDEX "dynamics_vendor_v3_group_idx" ON "dynamics_vendor_v3" USING btree ("vendor_group_id","id");--> statement-breakpoint
CREATE INDEX "dynamics_vendor_v3_name_trgm" ON "dynamics_vendor_v3" USING gin ("vendor_organization_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dynamics_vendor_v3_search_trgm" ON "dynamics_vendor_v3" USING gin ("vendor_search_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "google_directory_group_email_uq" ON "google_directory_group" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "google_directory_group_name_idx" ON "google_directory_group" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "google_directory_group_name_trgm" ON "google_directory_group" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "google_directory_group_email_trgm" ON "google_directory_group" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "google_directory_user_email_uq" ON "google_directory_user" USING btree (lower("primary_email"));--> statement-breakpoint
CREATE INDEX "google_directory_user_kind_name_idx" ON "google_directory_user" USING btree ("user_kind","family_name","given_name","id");--> statement-breakpoint
CREATE INDEX "google_directory_user_email_idx" ON "google_directory_user" USING btree ("primary_email","id");--> statement-breakpoint
CREATE INDEX "google_directory_user_given_idx" ON "google_directory_user" USING btree ("given_name","id");--> statement-breakpoint
CREATE INDEX "google_directory_user_cost_centre_idx" ON "google_directory_user" USING btree ("cost_centre");--> statement-breakpoint
CREATE INDEX "google_directory_user_department_idx" ON "google_directory_user" USING btree ("department","id");--> statement-breakpoint
CREATE INDEX "google_directory_user_region_idx" ON "google_directory_user" USING btree ("region","id");--> statement-breakpoint
CREATE INDEX "google_directory_user_email_trgm" ON "google_directory_user" USING gin ("primary_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "google_directory_user_given_trgm" ON "google_directory_user" USING gin ("given_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "google_directory_user_family_trgm" ON "google_directory_user" USING gin ("family_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "google_directory_user_title_trgm" ON "google_directory_user" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "google_group_member_group_key_uq" ON "google_group_member" USING btree ("group_id","member_key");--> statement-breakpoint
CREATE INDEX "google_group_member_group_email_idx" ON "google_group_member" USING btree ("group_id","email","uid");--> statement-breakpoint
CREATE INDEX "google_group_member_member_idx" ON "google_group_member" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "google_group_member_email_trgm" ON "google_group_member" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
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
CREATE INDEX "auth_token_user_idx" ON "auth_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_token_expiry_idx" ON "auth_token" USING btree ("expiry");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_group_name_uq" ON "auth_group" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_group_user_type_uq" ON "auth_group" USING btree ("user_type");--> statement-breakpoint
CREATE INDEX "auth_login_failure_lookup_idx" ON "auth_login_failure" USING btree ("email","address","at");--> statement-breakpoint
CREATE INDEX "auth_login_failure_address_idx" ON "auth_login_failure" USING btree ("address","at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_page_setting_user_page_layout_uq" ON "identity_page_setting" USING btree ("user_id","page","layout");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_permission_model_action_uq" ON "auth_permission" USING btree ("model","action");--> statement-breakpoint
CREATE INDEX "identity_security_event_at_idx" ON "identity_security_event" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "identity_security_event_kind_idx" ON "identity_security_event" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "identity_security_event_user_idx" ON "identity_security_event" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "identity_security_event_email_idx" ON "identity_security_event" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "identity_security_event_address_idx" ON "identity_security_event" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_user_group_group_idx" ON "auth_user_group" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_user_email_lower_uq" ON "auth_user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "auth_user_name_idx" ON "auth_user" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "integration_sync_run_started_idx" ON "integration_sync_run" USING btree ("started_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "integration_sync_run_connector_idx" ON "integration_sync_run" USING btree ("connector","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "integration_sync_run_status_idx" ON "integration_sync_run" USING btree ("status");--> statement-breakpoint
CREATE INDEX "notifications_email_outbox_due_idx" ON "notifications_email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notifications_notification_recipient_idx" ON "notifications_notification" USING btree ("recipient_id","deleted","timestamp","id");--> statement-breakpoint
CREATE INDEX "notifications_notification_unread_idx" ON "notifications_notification" USING btree ("recipient_id","unread") WHERE not "notifications_notification"."deleted";--> statement-breakpoint
CREATE INDEX "notifications_notification_target_idx" ON "notifications_notification" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "notifications_stream_token_expiry_idx" ON "notifications_stream_token" USING btree ("expiry");--> statement-breakpoint
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
CREATE INDEX "accounts_client_legal_entity_idx" ON "accounts_client" USING btree ("legal_entity_id","name","id");--> statement-breakpoint
CREATE INDEX "accounts_client_industry_idx" ON "accounts_client" USING btree ("industry_id","name","id");--> statement-breakpoint
CREATE INDEX "accounts_client_sub_industry_idx" ON "accounts_client" USING btree ("sub_industry_id");--> statement-breakpoint
CREATE INDEX "accounts_client_owner_idx" ON "accounts_client" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "accounts_client_parent_idx" ON "accounts_client" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "accounts_client_master_idx" ON "accounts_client" USING btree ("master_record_id");--> statement-breakpoint
CREATE INDEX "accounts_client_name_trgm" ON "accounts_client" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_client_account_number_trgm" ON "accounts_client" USING gin ("account_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_client_abn_trgm" ON "accounts_client" USING gin ("abn" gin_trgm_ops);--> statement-breakpoint
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