ALTER TABLE "sessions" ADD COLUMN "kind" varchar(8) DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "revoked_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "no_skip_ahead" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courseware_progress" ADD COLUMN "furthest" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below (issue 24: paid content protection).
--
-- 1. The furthest point watched, for courses that forbid skipping ahead (禁止拖动未学内容). Rows
--    written before it existed start at their last position.
UPDATE "courseware_progress" SET "furthest" = "progress_bar";--> statement-breakpoint
-- 2. When a session was last seen making a signed-in call (the session list's "last active").
--    Not a column of sessions: every UPDATE of sessions empties every process's session cache
--    (migration 0011), and this is written as students browse. UNLOGGED: a crash loses only how
--    recently a device was seen. Typed in server/db/unlogged.ts.
CREATE UNLOGGED TABLE "session_seen" (
  "session_id" integer PRIMARY KEY REFERENCES "sessions"("id") ON DELETE CASCADE,
  "seen_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- 3. The learning record function of migration 0011, now keeping `furthest` too: it moves on to
--    the record's position only as far as the time counted could carry it (the seconds learned at
--    the fastest playback rate, plus the slack), so a position that jumped ahead (a seek past what
--    was watched, a forged record) does not move it. Seeking back and watching again never lowers it.
DROP FUNCTION "xuetu_add_learned_record"(integer, integer, integer, varchar, varchar, integer, integer, integer, timestamptz, integer, integer);--> statement-breakpoint
CREATE FUNCTION "xuetu_add_learned_record"(
  p_user integer, p_course integer, p_ware integer, p_record varchar, p_token varchar,
  p_learned integer, p_bar integer, p_stage integer, p_now timestamptz,
  p_ticket_ttl_seconds integer, p_slack_seconds integer, p_max_rate numeric
) RETURNS TABLE (outcome text, total_time integer, bar integer, furthest integer) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  t watch_tickets%ROWTYPE;
  ahead boolean;
  reach integer := floor(p_learned * p_max_rate)::integer + p_slack_seconds;
BEGIN
  PERFORM pg_advisory_xact_lock(74210, p_user);
  SELECT * INTO t FROM watch_tickets w WHERE w.token = p_token AND w.user_id = p_user;
  IF NOT FOUND OR t.courseware_id <> p_ware OR t.course_id <> p_course
     OR p_now - t.opened_at > make_interval(secs => p_ticket_ttl_seconds) THEN
    RETURN QUERY SELECT 'badTicket'::text, 0, 0, 0;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM learned_records r WHERE r.user_id = p_user AND r.client_record_id = p_record) THEN
    RETURN QUERY SELECT 'replay'::text, coalesce(max(c.learned_total_time), 0), coalesce(max(c.progress_bar), 0), coalesce(max(c.furthest), 0)
      FROM courseware_progress c WHERE c.user_id = p_user AND c.courseware_id = p_ware;
    RETURN;
  END IF;
  IF t.opened_at >= p_now - interval '24 hours' THEN
    -- Newest first; tickets opened at the same instant count together.
    SELECT coalesce(bool_or(s.credited > extract(epoch FROM p_now - s.opened_at) + p_slack_seconds), false) INTO ahead
    FROM (
      SELECT w.opened_at,
             sum(w.learned_seconds + CASE WHEN w.id = t.id THEN p_learned ELSE 0 END) OVER (ORDER BY w.opened_at DESC) AS credited
      FROM watch_tickets w
      WHERE w.user_id = p_user AND w.opened_at >= p_now - interval '24 hours'
    ) s
    WHERE s.opened_at <= t.opened_at;
  ELSE
    ahead := t.learned_seconds + p_learned > extract(epoch FROM p_now - t.opened_at) + p_slack_seconds;
  END IF;
  IF ahead THEN
    RETURN QUERY SELECT 'tooMuchTime'::text, 0, 0, 0;
    RETURN;
  END IF;
  INSERT INTO learned_records (user_id, client_record_id, ticket_id, course_id, courseware_id, stage_id, learned_time, progress_bar)
  VALUES (p_user, p_record, t.id, p_course, p_ware, p_stage, p_learned, p_bar);
  UPDATE watch_tickets w SET learned_seconds = w.learned_seconds + p_learned WHERE w.id = t.id;
  RETURN QUERY
    INSERT INTO courseware_progress AS c (user_id, courseware_id, course_id, stage_id, learned_total_time, progress_bar, furthest, last_learned_at)
    VALUES (p_user, p_ware, p_course, p_stage, p_learned, p_bar, least(p_bar, reach), p_now)
    ON CONFLICT (user_id, courseware_id) DO UPDATE
      SET learned_total_time = c.learned_total_time + excluded.learned_total_time,
          progress_bar = excluded.progress_bar,
          furthest = greatest(c.furthest, least(excluded.progress_bar, c.furthest + reach)),
          last_learned_at = excluded.last_learned_at
    RETURNING 'counted'::text, c.learned_total_time, c.progress_bar, c.furthest;
END;
$$;
