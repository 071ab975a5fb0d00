CREATE TABLE "company_bank_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"company_id" integer,
	"bank_id" integer NOT NULL,
	"account_number" varchar(19) NOT NULL,
	"holder" varchar(255) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_payout" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"paid_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"bank_reference" varchar(50) NOT NULL,
	"company_bank_account_id" integer,
	"note" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" varchar(100) NOT NULL,
	"recorded_by_id" integer NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" varchar(100),
	"reversed_by_id" integer,
	"reverse_reason" text
);
--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "code" varchar(20);--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "code_year" smallint;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "code_no" integer;--> statement-breakpoint
-- the requests already written take their numbers in the order they were created, per company and
-- year of creation in Vietnam's time zone (the business calendar), and are found by them
WITH numbered AS (
  SELECT id, extract(year FROM created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::smallint AS y,
    row_number() OVER (
      PARTITION BY coalesce(company_id, 0), extract(year FROM created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')
      ORDER BY created_at, id
    )::integer AS n
  FROM "payment_transaction"
)
UPDATE "payment_transaction" p
SET code_year = numbered.y, code_no = numbered.n,
  code = 'YCTT-' || numbered.y || '-' || lpad(numbered.n::text, 6, '0'),
  search_text = ('yctt-' || numbered.y || '-' || lpad(numbered.n::text, 6, '0') || ' ' || p.search_text)
FROM numbered WHERE numbered.id = p.id;--> statement-breakpoint
ALTER TABLE "payment_transaction" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transaction" ALTER COLUMN "code_year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transaction" ALTER COLUMN "code_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- a request confirmed paid before payments were recorded was paid in full, the day it was confirmed
UPDATE "payment_transaction" SET paid_amount = amount WHERE payment_status = 'P';--> statement-breakpoint
INSERT INTO "payment_payout" (payment_id, paid_date, amount, bank_reference, recorded_at, recorded_by, recorded_by_id)
SELECT p.id, coalesce((p.paid_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, p.date), p.amount, '',
  coalesce(p.paid_at, now()), coalesce(p.paid_by, ''), 0
FROM "payment_transaction" p WHERE p.payment_status = 'P';--> statement-breakpoint
ALTER TABLE "company_bank_account" ADD CONSTRAINT "company_bank_account_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_bank_account" ADD CONSTRAINT "company_bank_account_bank_id_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_payout" ADD CONSTRAINT "payment_payout_payment_id_payment_transaction_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_payout" ADD CONSTRAINT "payment_payout_company_bank_account_id_company_bank_account_id_fk" FOREIGN KEY ("company_bank_account_id") REFERENCES "public"."company_bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_bank_account_created_idx" ON "company_bank_account" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "company_bank_account_status_created_idx" ON "company_bank_account" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "company_bank_account_search_trgm_idx" ON "company_bank_account" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_account_account_uq" ON "company_bank_account" USING btree ("bank_id","account_number") WHERE status <> 'D';--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_account_default_uq" ON "company_bank_account" USING btree (coalesce("company_id", 0)) WHERE is_default and status <> 'D';--> statement-breakpoint
CREATE INDEX "payment_payout_payment_idx" ON "payment_payout" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "payment_payout_date_idx" ON "payment_payout" USING btree ("paid_date") WHERE reversed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_code_uq" ON "payment_transaction" USING btree (coalesce("company_id", 0),"code_year","code_no");