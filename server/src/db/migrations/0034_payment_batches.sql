CREATE TABLE "bank_file_template" (
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
	"bank_id" integer,
	"file_type" varchar(4) DEFAULT 'xlsx' NOT NULL,
	"sheet_name" varchar(31) NOT NULL,
	"header_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_bank_account_id" integer NOT NULL,
	"line_date" date NOT NULL,
	"reference" varchar(50) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"content" text NOT NULL,
	"state" varchar(1) NOT NULL,
	"reason" varchar(50),
	"batch_line_id" integer,
	"payout_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" varchar(100) NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" varchar(100),
	"note" text
);
--> statement-breakpoint
CREATE TABLE "bank_statement_mapping" (
	"bank_id" integer PRIMARY KEY NOT NULL,
	"date_header" varchar(100) NOT NULL,
	"reference_header" varchar(100) NOT NULL,
	"debit_header" varchar(100) NOT NULL,
	"content_header" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "payment_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"company_id" integer,
	"company_bank_account_id" integer NOT NULL,
	"state" varchar(1) DEFAULT 'O' NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"note" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"created_by_id" integer NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" varchar(100),
	"approved_by_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "payment_batch_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"open" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_file_template" ADD CONSTRAINT "bank_file_template_bank_id_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_line" ADD CONSTRAINT "bank_statement_line_company_bank_account_id_company_bank_account_id_fk" FOREIGN KEY ("company_bank_account_id") REFERENCES "public"."company_bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_line" ADD CONSTRAINT "bank_statement_line_batch_line_id_payment_batch_line_id_fk" FOREIGN KEY ("batch_line_id") REFERENCES "public"."payment_batch_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_line" ADD CONSTRAINT "bank_statement_line_payout_id_payment_payout_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payment_payout"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_mapping" ADD CONSTRAINT "bank_statement_mapping_bank_id_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch" ADD CONSTRAINT "payment_batch_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch" ADD CONSTRAINT "payment_batch_company_bank_account_id_company_bank_account_id_fk" FOREIGN KEY ("company_bank_account_id") REFERENCES "public"."company_bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_line" ADD CONSTRAINT "payment_batch_line_batch_id_payment_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_line" ADD CONSTRAINT "payment_batch_line_payment_id_payment_transaction_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_file_template_code_uq" ON "bank_file_template" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE UNIQUE INDEX "bank_file_template_default_uq" ON "bank_file_template" USING btree ((1)) WHERE is_default and status <> 'D';--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_line_uq" ON "bank_statement_line" USING btree ("company_bank_account_id","line_date","reference","amount");--> statement-breakpoint
CREATE INDEX "bank_statement_line_state_idx" ON "bank_statement_line" USING btree ("company_bank_account_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_code_uq" ON "payment_batch" USING btree (coalesce("company_id", 0),"code");--> statement-breakpoint
CREATE INDEX "payment_batch_created_idx" ON "payment_batch" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_batch_account_idx" ON "payment_batch" USING btree ("company_bank_account_id","state");--> statement-breakpoint
CREATE INDEX "payment_batch_line_batch_idx" ON "payment_batch_line" USING btree ("batch_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_line_open_uq" ON "payment_batch_line" USING btree ("payment_id") WHERE open;--> statement-breakpoint
CREATE INDEX "payment_batch_line_payment_idx" ON "payment_batch_line" USING btree ("payment_id","id");