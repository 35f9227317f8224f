CREATE TABLE "search_generations" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contents_storage_idx" ON "contents" USING btree ("organization_id","size_bytes");--> statement-breakpoint
-- Counts changes to what search can find in a hub; search-contents.ts remembers results with the count they were read at.
CREATE FUNCTION "bump_search_generation"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_generations" AS "current" ("organization_id", "generation")
  VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."organization_id" ELSE NEW."organization_id" END, 1)
  ON CONFLICT ("organization_id") DO UPDATE SET "generation" = "current"."generation" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only ready items are searched: an item that is not ready before nor after a write changes nothing search shows.
CREATE TRIGGER "contents_search_insert" AFTER INSERT ON "contents"
  FOR EACH ROW WHEN (NEW."status" = 'ready') EXECUTE FUNCTION "bump_search_generation"();--> statement-breakpoint
CREATE TRIGGER "contents_search_update" AFTER UPDATE OF "organization_id", "space_id", "kind", "status", "search_vector", "rank_vector", "created_at" ON "contents"
  FOR EACH ROW WHEN (OLD."status" = 'ready' OR NEW."status" = 'ready') EXECUTE FUNCTION "bump_search_generation"();--> statement-breakpoint
CREATE TRIGGER "contents_search_delete" AFTER DELETE ON "contents"
  FOR EACH ROW WHEN (OLD."status" = 'ready') EXECUTE FUNCTION "bump_search_generation"();
