/** What the home page shows: how many courses each list holds at most (its loading skeleton reserves as many cards). */
export const HOME_COURSE_COUNTS = { pro: 8, free: 4 } as const;
