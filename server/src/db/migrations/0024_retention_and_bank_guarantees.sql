CREATE TABLE "contract_guarantee" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"contract_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"bank_id" integer NOT NULL,
	"guarantee_no" varchar(50) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"issued_date" date,
	"expiry_date" date NOT NULL,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "retention_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "retention_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "retention_release_date" date;--> statement-breakpoint
ALTER TABLE "contract_guarantee" ADD CONSTRAINT "contract_guarantee_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_guarantee" ADD CONSTRAINT "contract_guarantee_bank_id_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_guarantee_contract_idx" ON "contract_guarantee" USING btree ("contract_id","status");