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
ALTER TABLE "adp_employee" ADD CONSTRAINT "adp_employee_position_title_adp_position_title_title_fk" FOREIGN KEY ("position_title") REFERENCES "public"."adp_position_title"("title") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_group_member" ADD CONSTRAINT "google_group_member_group_id_google_directory_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."google_directory_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "integration_sync_run_started_idx" ON "integration_sync_run" USING btree ("started_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "integration_sync_run_connector_idx" ON "integration_sync_run" USING btree ("connector","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "integration_sync_run_status_idx" ON "integration_sync_run" USING btree ("status");