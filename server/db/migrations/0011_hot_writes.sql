-- Hand-written (issue 18: writes at a school's peak).
--
-- 1. The question bank's content joins the public cache (server/shared/publicCache.ts): an exam's
--    save checks its answers against questions kept in memory, emptied by any change here.
CREATE TRIGGER "questions_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "questions" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
--    And the session lookup of every signed-in request (server/shared/session.ts): a revoked,
--    changed or deleted session empties it in every process. A new session needs no notice (a
--    lookup that finds nothing is never kept), so a login does not empty it.
CREATE TRIGGER "sessions_public_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
-- 2. One learning record in one round trip (server/learning/progress.queries.ts addRecord, which
--    passes the limits of src/domain/learning/limits.ts). Under a lock on the user's records:
--    the ticket must be the user's for this courseware and young enough; a replayed record id
--    changes nothing; and the time credited may not run ahead of the wall clock — for each of the
--    user's tickets of the last 24 hours opened at or before this one, all the learned time of the
--    tickets opened at or after it must fit in the time since it opened, plus the slack (a ticket
--    older than that is bounded by its own window). Each statement of a function sees what was
--    committed before it ran, so the checks after the lock see every earlier record of the user.
CREATE FUNCTION "xuetu_add_learned_record"(
  p_user integer, p_course integer, p_ware integer, p_record varchar, p_token varchar,
  p_learned integer, p_bar integer, p_stage integer, p_now timestamptz,
  p_ticket_ttl_seconds integer, p_slack_seconds integer
) RETURNS TABLE (outcome text, total_time integer, bar integer) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  t watch_tickets%ROWTYPE;
  ahead boolean;
BEGIN
  PERFORM pg_advisory_xact_lock(74210, p_user);
  SELECT * INTO t FROM watch_tickets w WHERE w.token = p_token AND w.user_id = p_user;
  IF NOT FOUND OR t.courseware_id <> p_ware OR t.course_id <> p_course
     OR p_now - t.opened_at > make_interval(secs => p_ticket_ttl_seconds) THEN
    RETURN QUERY SELECT 'badTicket'::text, 0, 0;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM learned_records r WHERE r.user_id = p_user AND r.client_record_id = p_record) THEN
    RETURN QUERY SELECT 'replay'::text, coalesce(max(c.learned_total_time), 0), coalesce(max(c.progress_bar), 0)
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
    RETURN QUERY SELECT 'tooMuchTime'::text, 0, 0;
    RETURN;
  END IF;
  INSERT INTO learned_records (user_id, client_record_id, ticket_id, course_id, courseware_id, stage_id, learned_time, progress_bar)
  VALUES (p_user, p_record, t.id, p_course, p_ware, p_stage, p_learned, p_bar);
  UPDATE watch_tickets w SET learned_seconds = w.learned_seconds + p_learned WHERE w.id = t.id;
  RETURN QUERY
    INSERT INTO courseware_progress AS c (user_id, courseware_id, course_id, stage_id, learned_total_time, progress_bar, last_learned_at)
    VALUES (p_user, p_ware, p_course, p_stage, p_learned, p_bar, p_now)
    ON CONFLICT (user_id, courseware_id) DO UPDATE
      SET learned_total_time = c.learned_total_time + excluded.learned_total_time,
          progress_bar = excluded.progress_bar,
          last_learned_at = excluded.last_learned_at
    RETURNING 'counted'::text, c.learned_total_time, c.progress_bar;
END;
$$;
