-- Written by hand, as the other telemetry migrations. A stored request body is kept whole for
-- REQUEST_LOG_BODY_DAYS, then reduced to its shape: its keys, and in place of each value the name
-- of its type ("string", "number", "boolean", "null"; arrays keep one shape per element). A shape
-- is its own shape (a string that names a type stays that name), so reducing twice changes nothing.
CREATE FUNCTION "telemetry"."json_shape"(doc jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  CASE jsonb_typeof(doc)
    WHEN 'object' THEN
      RETURN coalesce((SELECT jsonb_object_agg(entry.key, telemetry.json_shape(entry.value)) FROM jsonb_each(doc) AS entry), '{}'::jsonb);
    WHEN 'array' THEN
      RETURN coalesce((SELECT jsonb_agg(telemetry.json_shape(element.item) ORDER BY element.position)
                         FROM jsonb_array_elements(doc) WITH ORDINALITY AS element(item, position)), '[]'::jsonb);
    WHEN 'string' THEN
      IF doc #>> '{}' IN ('string', 'number', 'boolean', 'null') THEN
        RETURN doc;
      END IF;
      RETURN to_jsonb('string'::text);
    ELSE
      RETURN to_jsonb(jsonb_typeof(doc));
  END CASE;
END;
$$;
--> statement-breakpoint
-- Each pass records up to when bodies were reduced: the next pass starts there, so a body is
-- rewritten once, not every day for the rest of its 400 days.
ALTER TABLE "telemetry"."retention_passes"
  ADD COLUMN "body_cutoff" timestamptz,
  ADD COLUMN "bodies_reduced" integer NOT NULL DEFAULT 0;
