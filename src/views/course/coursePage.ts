/** What both course pages (detail, preview) read from their route. */

/** The page title: the route's (课程详情) first, as on every page, then what it shows once known. */
export function withSubject(routeTitle: string, subject: string | undefined): string {
  return subject ? `${routeTitle} - ${subject}` : routeTitle;
}

/** The route's course id; NaN-free: junk in the URL is no course. */
export function courseIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
