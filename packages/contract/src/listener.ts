// The listening rules the listener app applies too, free of zod: the app imports them from
// `@serene/contract/listener` without loading the schemas (its bundle stays small). The schemas
// re-export them, so the server and the app read the same numbers.

/** A listener's moods, as the API takes and answers them. */
export const moods = ["happy", "sad", "angry"] as const;

/** Reports carry the seconds listened since the previous report (at most 120). */
export const MAX_REPORT_SECONDS = 120;

/** How many sessions listened offline one `POST /app/sessions/sync` takes. */
export const MAX_SYNC_SESSIONS = 100;

/** The loudness the web player levels to (by attenuation only). */
export const TARGET_LUFS = -16;
