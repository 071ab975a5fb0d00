CREATE TABLE "cost_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cost_item_created_idx" ON "cost_item" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cost_item_status_created_idx" ON "cost_item" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cost_item_search_trgm_idx" ON "cost_item" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cost_item_code_uq" ON "cost_item" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "cost_item_name_idx" ON "cost_item" USING btree ("name");