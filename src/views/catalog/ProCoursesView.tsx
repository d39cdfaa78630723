import { CourseListPage } from './CourseListPage';

/** /course/pro-course: the paid courses (精品课程). */
export default function ProCoursesView() {
  return <CourseListPage kind="PRO" />;
}
