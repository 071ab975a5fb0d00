CREATE TABLE "payment_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"action" varchar(20) NOT NULL,
	"from_status" varchar(1),
	"to_status" varchar(1),
	"note" text,
	"user_id" integer,
	"user_name" varchar(100),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transaction" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"contract_id" integer NOT NULL,
	"construction_id" integer NOT NULL,
	"constructor_id" integer NOT NULL,
	"company_id" integer,
	"requirement_no" integer NOT NULL,
	"payment_code" varchar(50) NOT NULL,
	"transaction_type_id" integer NOT NULL,
	"pay_date" integer DEFAULT 0 NOT NULL,
	"date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"invoice_amount" numeric(18, 2),
	"settlement_amount" numeric(18, 2),
	"guarantee_amount" numeric(18, 2),
	"penalty_amount" numeric(18, 2),
	"advance_recovery" numeric(18, 2),
	"note" text NOT NULL,
	"internal_note" text,
	"is_priority" boolean DEFAULT false NOT NULL,
	"department_id" integer,
	"director_id" integer,
	"user_id" integer,
	"approval_status" varchar(1) DEFAULT 'O' NOT NULL,
	"payment_status" varchar(1) DEFAULT 'O' NOT NULL,
	"template" varchar(20) DEFAULT 'v1' NOT NULL,
	"attached_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bank_id" integer,
	"bank_name" varchar(255),
	"account_number" varchar(19),
	"account_holder" varchar(255),
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" varchar(100),
	"decision_note" text,
	"paid_at" timestamp with time zone,
	"paid_by" varchar(100)
);
--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "last_requirement_no" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_history" ADD CONSTRAINT "payment_history_payment_id_payment_transaction_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_construction_id_construction_id_fk" FOREIGN KEY ("construction_id") REFERENCES "public"."construction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_constructor_id_constructor_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_transaction_type_id_transaction_type_id_fk" FOREIGN KEY ("transaction_type_id") REFERENCES "public"."transaction_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_department_id_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."department"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_history_payment_idx" ON "payment_history" USING btree ("payment_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_history_at_idx" ON "payment_history" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_transaction_created_idx" ON "payment_transaction" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_transaction_status_created_idx" ON "payment_transaction" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_transaction_search_trgm_idx" ON "payment_transaction" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requirement_no_uq" ON "payment_transaction" USING btree ("contract_id","requirement_no");--> statement-breakpoint
CREATE INDEX "payment_contract_idx" ON "payment_transaction" USING btree ("contract_id","status");--> statement-breakpoint
CREATE INDEX "payment_construction_created_idx" ON "payment_transaction" USING btree ("construction_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_construction_status_idx" ON "payment_transaction" USING btree ("construction_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_date_idx" ON "payment_transaction" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "payment_user_created_idx" ON "payment_transaction" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_waiting_idx" ON "payment_transaction" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approval_status = 'W' and status = 'O';--> statement-breakpoint
CREATE INDEX "payment_overdue_idx" ON "payment_transaction" USING btree ("due_date","id") WHERE payment_status = 'O' and status = 'O' and approval_status <> 'R';--> statement-breakpoint
CREATE INDEX "payment_requirement_idx" ON "payment_transaction" USING btree ("requirement_no","id");--> statement-breakpoint
CREATE INDEX "payment_amount_idx" ON "payment_transaction" USING btree ("amount","id");