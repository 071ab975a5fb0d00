CREATE TABLE "payment_invoice" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"payment_id" integer NOT NULL,
	"company_id" integer,
	"form" varchar(11) NOT NULL,
	"symbol" varchar(20) NOT NULL,
	"number" varchar(20) NOT NULL,
	"date" date NOT NULL,
	"seller_tax_code" varchar(14) NOT NULL,
	"amount_before_vat" numeric(18, 2) NOT NULL,
	"vat_rate" varchar(5) NOT NULL,
	"vat_amount" numeric(18, 2) NOT NULL,
	"total" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_invoice" ADD CONSTRAINT "payment_invoice_payment_id_payment_transaction_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoice" ADD CONSTRAINT "payment_invoice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_invoice_payment_idx" ON "payment_invoice" USING btree ("payment_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoice_uq" ON "payment_invoice" USING btree (coalesce("company_id", 0),"seller_tax_code",lower("form"),lower("symbol"),"number") WHERE status <> 'D';