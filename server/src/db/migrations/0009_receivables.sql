CREATE TABLE "billing" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"customer_id" integer NOT NULL,
	"construction_id" integer NOT NULL,
	"number" varchar(50) NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"vat_rate" integer DEFAULT 10 NOT NULL,
	"vat_amount" numeric(18, 2) NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credited_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "billing_receipt" (
	"id" serial PRIMARY KEY NOT NULL,
	"billing_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"receipt_date" date NOT NULL,
	"reference" varchar(100),
	"note" text,
	"user_id" integer,
	"user_name" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"customer_id" integer NOT NULL,
	"billing_id" integer,
	"kind" varchar(10) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"reason" text NOT NULL,
	"credit_date" date NOT NULL,
	"reference" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "customer" (
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
	"contact_person" varchar(255),
	"phone" varchar(30),
	"email" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"external_id" varchar(50),
	"subject" varchar(500) NOT NULL,
	"description" text,
	"requester_name" varchar(255) NOT NULL,
	"requester_email" varchar(255),
	"state" varchar(10) DEFAULT 'new' NOT NULL,
	"priority" varchar(10) DEFAULT 'normal' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "construction" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_construction_id_construction_id_fk" FOREIGN KEY ("construction_id") REFERENCES "public"."construction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_receipt" ADD CONSTRAINT "billing_receipt_billing_id_billing_id_fk" FOREIGN KEY ("billing_id") REFERENCES "public"."billing"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit" ADD CONSTRAINT "credit_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit" ADD CONSTRAINT "credit_billing_id_billing_id_fk" FOREIGN KEY ("billing_id") REFERENCES "public"."billing"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_created_idx" ON "billing" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "billing_status_created_idx" ON "billing" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "billing_search_trgm_idx" ON "billing" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "billing_number_uq" ON "billing" USING btree ("customer_id",lower("number")) WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "billing_construction_idx" ON "billing" USING btree ("construction_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "billing_customer_idx" ON "billing" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "billing_bill_date_idx" ON "billing" USING btree ("bill_date","id");--> statement-breakpoint
CREATE INDEX "billing_due_date_idx" ON "billing" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "billing_number_idx" ON "billing" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "billing_total_idx" ON "billing" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "billing_receipt_billing_idx" ON "billing_receipt" USING btree ("billing_id","id");--> statement-breakpoint
CREATE INDEX "billing_receipt_date_idx" ON "billing_receipt" USING btree ("receipt_date");--> statement-breakpoint
CREATE INDEX "credit_customer_idx" ON "credit" USING btree ("customer_id","credit_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_billing_idx" ON "credit" USING btree ("billing_id");--> statement-breakpoint
CREATE INDEX "customer_created_idx" ON "customer" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customer_status_created_idx" ON "customer" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_search_trgm_idx" ON "customer" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "customer_code_uq" ON "customer" USING btree (lower("code")) WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "customer_name_idx" ON "customer" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "customer_code_idx" ON "customer" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "ticket_created_idx" ON "ticket" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ticket_status_created_idx" ON "ticket" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_search_trgm_idx" ON "ticket" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_external_id_uq" ON "ticket" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "ticket_state_idx" ON "ticket" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_opened_idx" ON "ticket" USING btree ("opened_at","id");--> statement-breakpoint
ALTER TABLE "construction" ADD CONSTRAINT "construction_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "construction_customer_idx" ON "construction" USING btree ("customer_id");