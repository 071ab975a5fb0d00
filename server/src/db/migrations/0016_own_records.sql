ALTER TABLE "customer" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "construction_id" integer;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_company_idx" ON "customer" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_construction_idx" ON "mail_outbox" USING btree ("construction_id");--> statement-breakpoint
CREATE INDEX "ticket_company_idx" ON "ticket" USING btree ("company_id");--> statement-breakpoint
-- Backfill (issue 27, every record kind has an owner).
-- A payment mail speaks of the request its key names (`payment:<id>:…`): its construction.
UPDATE "mail_outbox" m SET "construction_id" = p."construction_id"
  FROM "payment_transaction" p
  WHERE m."key" ~ '^payment:[0-9]{1,9}:' AND p."id" = split_part(m."key", ':', 2)::int;--> statement-breakpoint
-- A customer belongs to the company of its constructions (the lowest company id when several)…
UPDATE "customer" cu SET "company_id" = (
  SELECT min(p."company_id") FROM "construction" x JOIN "project" p ON p."id" = x."project_id"
  WHERE x."customer_id" = cu."id" AND x."status" <> 'D')
  WHERE cu."company_id" IS NULL;--> statement-breakpoint
-- …else, as tickets, to its creator's company: the lowest company id his roles' scope covers
-- (a role's company, its project's, its construction's project's), directly or through a group.
WITH roles AS (
    SELECT ur."user_id", ur."role_id" FROM "user_role" ur
    UNION
    SELECT ug."user_id", gr."role_id" FROM "user_group" ug
      JOIN "app_group" g ON g."id" = ug."group_id" AND g."status" = 'O'
      JOIN "group_role" gr ON gr."group_id" = g."id"
  ), uc AS (
  SELECT u."user_name", min(coalesce(r."company_id", p."company_id", xp."company_id")) AS "company_id"
  FROM roles
    JOIN "app_user" u ON u."id" = roles."user_id"
    JOIN "role" r ON r."id" = roles."role_id" AND r."status" = 'O'
    LEFT JOIN "project" p ON p."id" = r."project_id"
    LEFT JOIN "construction" x ON x."id" = r."construction_id"
    LEFT JOIN "project" xp ON xp."id" = x."project_id"
  GROUP BY u."user_name")
UPDATE "customer" cu SET "company_id" = uc."company_id"
  FROM uc
  WHERE cu."company_id" IS NULL AND lower(uc."user_name") = lower(cu."created_by");--> statement-breakpoint
WITH roles AS (
    SELECT ur."user_id", ur."role_id" FROM "user_role" ur
    UNION
    SELECT ug."user_id", gr."role_id" FROM "user_group" ug
      JOIN "app_group" g ON g."id" = ug."group_id" AND g."status" = 'O'
      JOIN "group_role" gr ON gr."group_id" = g."id"
  ), uc AS (
  SELECT u."user_name", min(coalesce(r."company_id", p."company_id", xp."company_id")) AS "company_id"
  FROM roles
    JOIN "app_user" u ON u."id" = roles."user_id"
    JOIN "role" r ON r."id" = roles."role_id" AND r."status" = 'O'
    LEFT JOIN "project" p ON p."id" = r."project_id"
    LEFT JOIN "construction" x ON x."id" = r."construction_id"
    LEFT JOIN "project" xp ON xp."id" = x."project_id"
  GROUP BY u."user_name")
UPDATE "ticket" t SET "company_id" = uc."company_id"
  FROM uc
  WHERE t."company_id" IS NULL AND lower(uc."user_name") = lower(t."created_by");
