import { getTeacherGroups } from '../services/api/catalog.api';
import { createPageDataMachine } from './pageData';

/** The /teacher page: every project's teachers in one load (the page filters by project itself). */
export const teacherPageMachine = createPageDataMachine(
  'teacherPage',
  () => getTeacherGroups(),
  (groups) => groups.every((group) => group.teachers.length === 0),
);
