DROP INDEX "space_memberships_user_idx";--> statement-breakpoint
DROP INDEX "spaces_org_live_newest_idx";--> statement-breakpoint
DROP INDEX "spaces_org_visibility_idx";--> statement-breakpoint
CREATE INDEX "contents_space_idx" ON "contents" USING btree ("organization_id","space_id");--> statement-breakpoint
CREATE INDEX "space_memberships_user_idx" ON "space_memberships" USING btree ("organization_id","user_id","space_id");--> statement-breakpoint
CREATE INDEX "spaces_org_live_newest_idx" ON "spaces" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"visibility","created_by") WHERE "spaces"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "spaces_org_visibility_idx" ON "spaces" USING btree ("organization_id","visibility","created_by");