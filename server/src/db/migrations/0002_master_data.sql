CREATE TABLE "bank" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"short_name" varchar(50)
);
--> statement-breakpoint
CREATE TABLE "beneficiary" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"constructor_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"bank_id" integer NOT NULL,
	"account_number" varchar(19) NOT NULL,
	"branch" varchar(255),
	"note" text
);
--> statement-breakpoint
CREATE TABLE "company_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_type" varchar(50) NOT NULL,
	"drive_path" varchar(500),
	"file_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "construction_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "constructor" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"tax_code" varchar(14),
	"address" varchar(500),
	"phone" varchar(30),
	"email" varchar(255),
	"constructor_type_id" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "constructor_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "contract_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "document_attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(10) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"ordered" integer DEFAULT 0 NOT NULL,
	"transaction_type_id" integer
);
--> statement-breakpoint
CREATE TABLE "file_upload" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_kind" varchar(30) NOT NULL,
	"owner_id" integer NOT NULL,
	"document_type" varchar(50),
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(150) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "payment_date" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"day_of_month" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "tax" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"value" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"pay_date" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "construction" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "construction" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "construction" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "beneficiary" ADD CONSTRAINT "beneficiary_constructor_id_constructor_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary" ADD CONSTRAINT "beneficiary_bank_id_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_template" ADD CONSTRAINT "company_template_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_template" ADD CONSTRAINT "company_template_file_id_file_upload_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file_upload"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "constructor" ADD CONSTRAINT "constructor_constructor_type_id_constructor_type_id_fk" FOREIGN KEY ("constructor_type_id") REFERENCES "public"."constructor_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachment" ADD CONSTRAINT "document_attachment_transaction_type_id_transaction_type_id_fk" FOREIGN KEY ("transaction_type_id") REFERENCES "public"."transaction_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_status_created_idx" ON "bank" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_search_trgm_idx" ON "bank" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_code_uq" ON "bank" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "bank_name_idx" ON "bank" USING btree ("name");--> statement-breakpoint
CREATE INDEX "beneficiary_status_created_idx" ON "beneficiary" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "beneficiary_search_trgm_idx" ON "beneficiary" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiary_bank_account_uq" ON "beneficiary" USING btree ("bank_id","account_number") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "beneficiary_constructor_idx" ON "beneficiary" USING btree ("constructor_id");--> statement-breakpoint
CREATE INDEX "beneficiary_name_idx" ON "beneficiary" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "company_template_uq" ON "company_template" USING btree ("company_id","document_type");--> statement-breakpoint
CREATE INDEX "construction_item_status_created_idx" ON "construction_item" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "construction_item_search_trgm_idx" ON "construction_item" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "construction_item_code_uq" ON "construction_item" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "construction_item_name_idx" ON "construction_item" USING btree ("name");--> statement-breakpoint
CREATE INDEX "constructor_status_created_idx" ON "constructor" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "constructor_search_trgm_idx" ON "constructor" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "constructor_code_uq" ON "constructor" USING btree (lower("code")) WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "constructor_name_idx" ON "constructor" USING btree ("name");--> statement-breakpoint
CREATE INDEX "constructor_code_idx" ON "constructor" USING btree ("code");--> statement-breakpoint
CREATE INDEX "constructor_tax_code_idx" ON "constructor" USING btree ("tax_code");--> statement-breakpoint
CREATE INDEX "constructor_type_status_created_idx" ON "constructor_type" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "constructor_type_search_trgm_idx" ON "constructor_type" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "constructor_type_code_uq" ON "constructor_type" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "constructor_type_name_idx" ON "constructor_type" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contract_type_status_created_idx" ON "contract_type" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contract_type_search_trgm_idx" ON "contract_type" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "contract_type_code_uq" ON "contract_type" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "contract_type_name_idx" ON "contract_type" USING btree ("name");--> statement-breakpoint
CREATE INDEX "document_attachment_status_created_idx" ON "document_attachment" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "document_attachment_search_trgm_idx" ON "document_attachment" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "document_attachment_code_uq" ON "document_attachment" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "document_attachment_name_idx" ON "document_attachment" USING btree ("name");--> statement-breakpoint
CREATE INDEX "file_upload_owner_idx" ON "file_upload" USING btree ("owner_kind","owner_id","status");--> statement-breakpoint
CREATE INDEX "payment_date_status_created_idx" ON "payment_date" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_date_search_trgm_idx" ON "payment_date" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_date_code_uq" ON "payment_date" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "payment_date_name_idx" ON "payment_date" USING btree ("name");--> statement-breakpoint
CREATE INDEX "payment_type_status_created_idx" ON "payment_type" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_type_search_trgm_idx" ON "payment_type" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_type_code_uq" ON "payment_type" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "payment_type_name_idx" ON "payment_type" USING btree ("name");--> statement-breakpoint
CREATE INDEX "tax_status_created_idx" ON "tax" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tax_search_trgm_idx" ON "tax" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tax_code_uq" ON "tax" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "tax_name_idx" ON "tax" USING btree ("name");--> statement-breakpoint
CREATE INDEX "transaction_type_status_created_idx" ON "transaction_type" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transaction_type_search_trgm_idx" ON "transaction_type" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_type_code_uq" ON "transaction_type" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "transaction_type_name_idx" ON "transaction_type" USING btree ("name");