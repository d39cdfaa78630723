import { getTeacherGroups } from '../../services/catalog/catalog.api';
import { createPageDataMachine } from '../shared/pageData';

/** The /teacher page: every project's teachers in one load (the page filters by project itself). */
export const teacherPageMachine = createPageDataMachine(
  'teacherPage',
  () => getTeacherGroups(),
  (groups) => groups.every((group) => group.teachers.length === 0),
);
