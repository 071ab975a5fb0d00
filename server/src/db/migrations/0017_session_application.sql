ALTER TABLE "session" ADD COLUMN "application_id" integer;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_application_idx" ON "session" USING btree ("application_id");