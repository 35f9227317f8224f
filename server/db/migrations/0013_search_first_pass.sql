-- Search's first pass (search-contents.ts): the items whose name or ranking vector holds the query, newest first, without reading their search vectors.
CREATE INDEX "contents_rank_idx" ON "contents" USING gin ("rank_vector");--> statement-breakpoint
CREATE INDEX "contents_name_idx" ON "contents" USING gin (ts_filter("rank_vector", '{a}'));--> statement-breakpoint
CREATE INDEX "contents_newest_idx" ON "contents" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Search no longer remembers results between searches (a first search is as fast), so nothing reads the generations any more.
DROP TRIGGER "contents_search_insert" ON "contents";--> statement-breakpoint
DROP TRIGGER "contents_search_update" ON "contents";--> statement-breakpoint
DROP TRIGGER "contents_search_delete" ON "contents";--> statement-breakpoint
DROP FUNCTION "bump_search_generation"();--> statement-breakpoint
DROP TABLE "search_generations";
