CREATE TABLE "approval_flow" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"steps" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delegation" (
	"id" serial PRIMARY KEY NOT NULL,
	"delegator_id" integer NOT NULL,
	"delegate_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"note" text,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"ended_at" timestamp with time zone,
	"ended_by" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "payment_step" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_step_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"no" smallint NOT NULL,
	"name" varchar(100) NOT NULL,
	"decider_type" varchar(20) NOT NULL,
	"role_id" integer,
	"user_id" integer,
	"min_amount" numeric(18, 2),
	"status" varchar(10) NOT NULL,
	"decided_by_id" integer,
	"decided_by" varchar(100),
	"on_behalf_of_id" integer,
	"on_behalf_of" varchar(100),
	"decided_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "payment_history" ADD COLUMN "step_no" smallint;--> statement-breakpoint
ALTER TABLE "payment_history" ADD COLUMN "step_name" varchar(100);--> statement-breakpoint
ALTER TABLE "payment_history" ADD COLUMN "on_behalf_of_id" integer;--> statement-breakpoint
ALTER TABLE "payment_history" ADD COLUMN "on_behalf_of" varchar(100);--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "current_step" smallint;--> statement-breakpoint
ALTER TABLE "approval_flow" ADD CONSTRAINT "approval_flow_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_step" ADD CONSTRAINT "payment_step_payment_id_payment_transaction_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_flow_created_idx" ON "approval_flow" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "approval_flow_status_created_idx" ON "approval_flow" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approval_flow_search_trgm_idx" ON "approval_flow" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flow_company_uq" ON "approval_flow" USING btree ("company_id") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "delegation_delegate_idx" ON "delegation" USING btree ("delegate_id","date_to") WHERE status = 'O';--> statement-breakpoint
CREATE INDEX "delegation_delegator_idx" ON "delegation" USING btree ("delegator_id","date_to") WHERE status = 'O';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_step_payment_no_uq" ON "payment_step" USING btree ("payment_id","no");