-- One model of a training camp (EXP): cohorts are SKUs (course_skus.starts_at) and the stages are planned
-- once per course in days from a cohort's start (camp_stages). The catalogue's dated stages
-- (course_stages) and opening day (courses.start_date) are carried over, then dropped.
-- Ordered by hand: drizzle-kit dropped course_stages (CASCADE) before the foreign key pointing at it.
ALTER TABLE "catalogues" DROP CONSTRAINT "catalogues_stage_id_course_stages_id_fk";--> statement-breakpoint
ALTER TABLE "camp_stages" ALTER COLUMN "name" SET DATA TYPE varchar(60);--> statement-breakpoint
ALTER TABLE "camp_stages" ADD COLUMN "intro" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
-- A camp planned on the catalogue side keeps those stages (its chapters point at them), as days from its first stage.
DELETE FROM "camp_stages" WHERE "course_id" IN (SELECT "course_id" FROM "course_stages");--> statement-breakpoint
ALTER TABLE "camp_stages" ADD COLUMN "legacy_stage_id" integer;--> statement-breakpoint
INSERT INTO "camp_stages" ("course_id", "name", "intro", "start_day", "days", "sort", "legacy_stage_id")
SELECT s."course_id", s."name", s."intro",
       s."start_date" - min(s."start_date") OVER (PARTITION BY s."course_id"),
       s."end_date" - s."start_date" + 1,
       s."sort", s."id"
FROM "course_stages" s
ORDER BY s."course_id", s."sort", s."id";--> statement-breakpoint
UPDATE "catalogues" c SET "stage_id" = n."id" FROM "camp_stages" n WHERE n."legacy_stage_id" = c."stage_id";--> statement-breakpoint
ALTER TABLE "camp_stages" DROP COLUMN "legacy_stage_id";--> statement-breakpoint
-- A camp's opening day becomes the start of those of its SKUs that had none (09:00 Beijing time).
UPDATE "course_skus" k SET "starts_at" = (c."start_date" + time '01:00') AT TIME ZONE 'UTC'
FROM "courses" c
WHERE c."id" = k."course_id" AND c."type" = 'EXP' AND c."start_date" IS NOT NULL AND k."starts_at" IS NULL;--> statement-breakpoint
DROP TABLE "course_stages" CASCADE;--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "start_date";--> statement-breakpoint
ALTER TABLE "catalogues" ADD CONSTRAINT "catalogues_stage_id_camp_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."camp_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: course details now read the stages and the cohorts (the next open one), so both tables
-- tell the public cache (xuetu_notify_public_change, migration 0005) when they change. course_stages'
-- trigger went with its table.
CREATE TRIGGER "camp_stages_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "camp_stages" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "course_skus_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_skus" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();
