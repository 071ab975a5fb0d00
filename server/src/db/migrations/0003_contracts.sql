CREATE TABLE "contract" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"contract_no" varchar(50) NOT NULL,
	"contract_type_id" integer NOT NULL,
	"construction_id" integer NOT NULL,
	"constructor_id" integer NOT NULL,
	"beneficiary_id" integer,
	"company_id" integer,
	"signed_date" date NOT NULL,
	"amount_before_vat" numeric(18, 2) NOT NULL,
	"tax_id" integer NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"vat_amount" numeric(18, 2) NOT NULL,
	"amount_vat" numeric(18, 2) NOT NULL,
	"settlement_amount" numeric(18, 2),
	"guarantee_percent" numeric(5, 2),
	"guarantee_amount" numeric(18, 2),
	"guarantee_release_date" date,
	"penalty_amount" numeric(18, 2),
	"note" text
);
--> statement-breakpoint
CREATE TABLE "contract_annex" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"contract_id" integer NOT NULL,
	"annex_no" varchar(50) NOT NULL,
	"note" text,
	"amount" numeric(18, 2) NOT NULL,
	"signed_date" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_contract_type_id_contract_type_id_fk" FOREIGN KEY ("contract_type_id") REFERENCES "public"."contract_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_construction_id_construction_id_fk" FOREIGN KEY ("construction_id") REFERENCES "public"."construction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_constructor_id_constructor_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_beneficiary_id_beneficiary_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_tax_id_tax_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."tax"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_annex" ADD CONSTRAINT "contract_annex_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_status_created_idx" ON "contract" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contract_search_trgm_idx" ON "contract" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "contract_no_company_uq" ON "contract" USING btree (coalesce("company_id", 0),lower("contract_no")) WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "contract_construction_idx" ON "contract" USING btree ("construction_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contract_constructor_idx" ON "contract" USING btree ("constructor_id");--> statement-breakpoint
CREATE INDEX "contract_signed_idx" ON "contract" USING btree ("signed_date");--> statement-breakpoint
CREATE INDEX "contract_no_idx" ON "contract" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "contract_annex_contract_idx" ON "contract_annex" USING btree ("contract_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_annex_no_uq" ON "contract_annex" USING btree ("contract_id",lower("annex_no")) WHERE status <> 'D';