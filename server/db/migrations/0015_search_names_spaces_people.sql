CREATE INDEX "spaces_name_trigram_idx" ON "spaces" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trigram_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trigram_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- Items indexed before: the words of their name (nameWords in search-text.ts: dots and underscores to spaces,
-- camelCase split) go in front of their search vector, weight A, so "spec" finds "engine-spec.pdf"; their
-- ranking vector is cut again (100 is RANKED_WORDS). Accents are left as they are here; a rename folds them.
WITH "cut" AS (
  SELECT "id", "name",
         regexp_replace(regexp_replace(regexp_replace("name",
           '([[:lower:][:digit:]])([[:upper:]])', '\1 \2', 'g'),
           '([[:upper:]])([[:upper:]][[:lower:]])', '\1 \2', 'g'),
           '[._]+', ' ', 'g') AS "words",
         "search_vector"
    FROM "contents"
   WHERE "search_vector" IS NOT NULL
), "grown" AS (
  SELECT "id", setweight(to_tsvector('english', lower("words")), 'A') || "search_vector" AS "vector"
    FROM "cut"
   WHERE "words" <> "name"
)
UPDATE "contents" SET "search_vector" = "grown"."vector", "rank_vector" = "search_vector_head"("grown"."vector", 100)
  FROM "grown"
 WHERE "contents"."id" = "grown"."id";
