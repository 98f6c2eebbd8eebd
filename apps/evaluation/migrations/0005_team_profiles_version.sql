ALTER TABLE "evaluation"."teams" ADD COLUMN "profiles_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "teams_member_persona_ids_idx" ON "evaluation"."teams" USING gin ("member_persona_ids");--> statement-breakpoint
-- Written by hand (drizzle-kit has no triggers): whoever writes a score profile or a member list,
-- the teams it concerns get a new profiles_version, so a cached team aggregate cannot outlive them.
CREATE FUNCTION "evaluation"."bump_member_teams_profiles_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "evaluation"."teams" SET "profiles_version" = "profiles_version" + 1 WHERE "member_persona_ids" @> ARRAY[OLD."persona_id"];
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "evaluation"."teams" SET "profiles_version" = "profiles_version" + 1 WHERE "member_persona_ids" @> ARRAY[NEW."persona_id"];
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "evaluation_score_profiles_bump_teams" AFTER INSERT OR UPDATE OR DELETE ON "evaluation"."evaluation_score_profiles"
  FOR EACH ROW EXECUTE FUNCTION "evaluation"."bump_member_teams_profiles_version"();--> statement-breakpoint
CREATE FUNCTION "evaluation"."bump_team_profiles_version_on_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."profiles_version" := OLD."profiles_version" + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "teams_members_bump_profiles_version" BEFORE UPDATE OF "member_persona_ids" ON "evaluation"."teams"
  FOR EACH ROW WHEN (OLD."member_persona_ids" IS DISTINCT FROM NEW."member_persona_ids")
  EXECUTE FUNCTION "evaluation"."bump_team_profiles_version_on_members"();
