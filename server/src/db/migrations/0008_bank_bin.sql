ALTER TABLE "bank" ADD COLUMN "bin" varchar(6);--> statement-breakpoint
-- NAPAS BINs of the banks the seed adds (seed/settings.ts), for databases seeded before this column
UPDATE "bank" SET "bin" = v.bin FROM (VALUES
  ('VCB', '970436'), ('CTG', '970415'), ('BIDV', '970418'), ('VBA', '970405'), ('TCB', '970407'),
  ('MB', '970422'), ('ACB', '970416'), ('VPB', '970432'), ('STB', '970403'), ('TPB', '970423'),
  ('SHB', '970443'), ('HDB', '970437')
) AS v(code, bin) WHERE "bank"."code" = v.code AND "bank"."bin" IS NULL AND "bank"."status" <> 'D';
