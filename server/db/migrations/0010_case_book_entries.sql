-- The wrong book and favourites hold top-level questions (issue 17): a case sub-question's entry
-- becomes its case's, and a wrong-book or favourites practice being answered that listed
-- sub-questions on their own lists their cases instead (1 point a sub-question, as pointItems).
INSERT INTO "user_questions" ("user_id", "kind", "question_id", "subject_id", "wrong_count", "created_at", "updated_at")
SELECT uq."user_id", uq."kind", q."parent_id", min(uq."subject_id"), sum(uq."wrong_count")::int, min(uq."created_at"), max(uq."updated_at")
FROM "user_questions" uq
JOIN "questions" q ON q."id" = uq."question_id"
WHERE q."parent_id" IS NOT NULL
GROUP BY uq."user_id", uq."kind", q."parent_id"
ON CONFLICT ("user_id", "kind", "question_id") DO UPDATE
SET "wrong_count" = "user_questions"."wrong_count" + excluded."wrong_count",
    "updated_at" = greatest("user_questions"."updated_at", excluded."updated_at");
--> statement-breakpoint
DELETE FROM "user_questions" uq USING "questions" q WHERE q."id" = uq."question_id" AND q."parent_id" IS NOT NULL;
--> statement-breakpoint
WITH "tops" AS (
  SELECT r."id" AS "record_id", coalesce(q."parent_id", q."id") AS "top", min(e."ord") AS "ord"
  FROM "user_records" r
  CROSS JOIN LATERAL jsonb_array_elements(r."items") WITH ORDINALITY AS e("item", "ord")
  JOIN "questions" q ON q."id" = (e."item" ->> 'questionId')::int
  WHERE r."source" IN ('WRONG', 'FAVORITE') AND r."state" = 'DOING'
  GROUP BY r."id", coalesce(q."parent_id", q."id")
), "scored" AS (
  SELECT t."record_id", t."top", t."ord", (10 * greatest(1, (SELECT count(*) FROM "questions" s WHERE s."parent_id" = t."top")))::int AS "score"
  FROM "tops" t
), "fixed" AS (
  SELECT "record_id", jsonb_agg(jsonb_build_object('questionId', "top", 'scoreTenths', "score") ORDER BY "ord") AS "items", sum("score")::int AS "total"
  FROM "scored"
  GROUP BY "record_id"
)
UPDATE "user_records" r
SET "items" = f."items", "total_score_tenths" = f."total", "question_count" = f."total" / 10
FROM "fixed" f
WHERE r."id" = f."record_id"
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements(r."items") e JOIN "questions" q ON q."id" = (e ->> 'questionId')::int WHERE q."parent_id" IS NOT NULL
  );
