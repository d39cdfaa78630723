/** What both course pages (detail, preview) read from their route. */

/** The route's course id; NaN-free: junk in the URL is no course. */
export function courseIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
