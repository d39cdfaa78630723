import { CourseListPage } from './CourseListPage';

/** /course/free-course: the open courses (免费公开课). */
export default function FreeCoursesView() {
  return <CourseListPage kind="FREE" />;
}
