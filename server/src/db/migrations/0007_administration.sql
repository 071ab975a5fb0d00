CREATE TABLE "application" (
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
	"role_default_id" integer,
	"restrict" boolean DEFAULT true NOT NULL,
	"client_id" varchar(100) NOT NULL,
	"secret_hash" text NOT NULL,
	"api_key_hash" text NOT NULL,
	"url" varchar(500),
	"project_id" integer,
	"environment" varchar(20) DEFAULT 'production' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(1) DEFAULT 'O' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100),
	"updated_by" varchar(100),
	"search_text" text DEFAULT '' NOT NULL,
	"host" varchar(255) NOT NULL,
	"port" integer NOT NULL,
	"security" varchar(10) DEFAULT 'starttls' NOT NULL,
	"user" varchar(255),
	"password_enc" text,
	"from" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" varchar(200) NOT NULL,
	"event" varchar(50) NOT NULL,
	"to" text NOT NULL,
	"subject" varchar(500) NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_method" (
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
ALTER TABLE "application" ADD CONSTRAINT "application_role_default_id_role_id_fk" FOREIGN KEY ("role_default_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_created_idx" ON "application" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "application_status_created_idx" ON "application" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_search_trgm_idx" ON "application" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "application_code_uq" ON "application" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE UNIQUE INDEX "application_client_id_uq" ON "application" USING btree ("client_id") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "email_config_created_idx" ON "email_config" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "email_config_status_created_idx" ON "email_config" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_config_search_trgm_idx" ON "email_config" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "email_config_one_active_uq" ON "email_config" USING btree ("status") WHERE status = 'O';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_key_uq" ON "mail_outbox" USING btree ("key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE state in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_method_created_idx" ON "payment_method" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_method_status_created_idx" ON "payment_method" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_method_search_trgm_idx" ON "payment_method" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_method_code_uq" ON "payment_method" USING btree ("code") WHERE status <> 'D';--> statement-breakpoint
CREATE INDEX "payment_method_name_idx" ON "payment_method" USING btree ("name");