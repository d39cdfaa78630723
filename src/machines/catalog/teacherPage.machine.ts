import { CATALOG_EXTRA_CALLS } from '../../domain/catalog/calls';
import type { TeacherGroup } from '../../domain/catalog/contract';
import { SERVER_PAGE_KEYS } from '../../domain/shared/serverPage';
import { call } from '../../services/shared/http/client';
import { serverData } from '../../services/shared/serverData';
import { createPageDataMachine } from '../shared/pageData';

/** The /teacher page: every project's teachers in one load (the page filters by project itself). */
export const teacherPageMachine = createPageDataMachine({
  id: 'teacherPage',
  load: () => call(CATALOG_EXTRA_CALLS.teacherList, { query: {} }),
  outcomes: { empty: (groups) => groups.every((group) => group.teachers.length === 0) },
  initial: () => serverData<TeacherGroup[]>(SERVER_PAGE_KEYS.teacher()),
});
