/** Learning limits: how often progress is posted, what the server accepts, the media links' life, the live chat's bounds. */

/** The player posts a learning record this often while real watching goes on (and on pause, end and leaving). */
export const LEARNED_RECORD_INTERVAL_SECONDS = 15;

/** The most one record may carry: an outage's records are kept one per interval, so this is a generous bound. */
export const MAX_LEARNED_TIME_PER_RECORD = 600;

/** Timers and clocks drift: a ticket may carry this many seconds beyond the wall-clock time since it opened. */
export const WALL_CLOCK_SLACK_SECONDS = 5;

/** A watch ticket accepts records this long after it opened (records kept through an outage arrive late). */
export const WATCH_TICKET_TTL_SECONDS = 7 * 24 * 3600;

/** A signed playlist or media link lives this long; the player asks getCCConfig again after. */
export const MEDIA_URL_TTL_SECONDS = 2 * 3600;

export const MY_COURSE_PAGE_DEFAULT_SIZE = 10;
export const MY_COURSE_PAGE_MAX_SIZE = 50;

/** The live chat: the longest message, and the least time between two messages of one user. */
export const LIVE_MESSAGE_MAX_LENGTH = 200;
export const LIVE_MESSAGE_MIN_INTERVAL_MS = 2000;
/** How many earlier messages a viewer sees on joining. */
export const LIVE_HISTORY_SIZE = 50;
