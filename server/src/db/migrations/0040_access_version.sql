CREATE TABLE "access_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "access_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Moves the number in the writing transaction: others see it with the rows it stands for, at
-- COMMIT, and two writers wait for each other on its one row. Written as an upsert so that a
-- table emptied by hand is filled again rather than left without a number.
CREATE FUNCTION access_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO access_version AS v (id, version) VALUES (1, 1)
  ON CONFLICT (id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER role_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role"
  FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump();--> statement-breakpoint
CREATE TRIGGER user_role_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_role"
  FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump();--> statement-breakpoint
CREATE TRIGGER user_group_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_group"
  FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump();--> statement-breakpoint
CREATE TRIGGER app_group_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_group"
  FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump();--> statement-breakpoint
CREATE TRIGGER group_role_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_role"
  FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump();--> statement-breakpoint
-- a construction or project counts by where it hangs, not by its other fields (edited every day)
CREATE TRIGGER construction_access_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "project_id" ON "construction"
  FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump();--> statement-breakpoint
CREATE TRIGGER project_access_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "company_id" ON "project"
  FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump();
