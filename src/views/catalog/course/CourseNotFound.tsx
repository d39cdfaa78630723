import { Link } from 'wouter';
import { COURSE_DETAIL_TEXTS as T } from '../../../domain/catalog/courseDetail.texts';
import { paths } from '../../../paths';
import { usePageTitle } from '../../shared/usePageTitle';
import { withSubject } from '../../shared/usePageTitle';

/** An unknown or off-sale course (the server's 404): say so and lead back to the lists. */
export function CourseNotFound() {
  return (
    <div className="xt-state xt-course__missing" data-testid="course-not-found">
      <h1 className="xt-course__missing-title">{T.notFound}</h1>
      <p>{T.notFoundHint}</p>
      <div className="xt-course__missing-links">
        <Link href={paths.proCourses()} className="xt-btn xt-btn--primary">
          {T.toProCourses}
        </Link>
        <Link href={paths.freeCourses()} className="xt-btn">
          {T.toFreeCourses}
        </Link>
      </div>
    </div>
  );
}

/** The not-found page of a route whose id is no course id at all (a page with a flow sets its title itself). */
export function CourseNotFoundPage({ routeTitle }: { routeTitle: string }) {
  usePageTitle(withSubject(routeTitle, T.notFound));
  return <CourseNotFound />;
}
