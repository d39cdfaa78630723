import { CATALOG_EXTRA_CALLS } from '../../domain/catalog/calls';
import { call } from '../../services/shared/http/client';
import { createPageDataMachine } from '../shared/pageData';

/** The /teacher page: every project's teachers in one load (the page filters by project itself). */
export const teacherPageMachine = createPageDataMachine({
  id: 'teacherPage',
  load: () => call(CATALOG_EXTRA_CALLS.teacherList, { query: {} }),
  outcomes: { empty: (groups) => groups.every((group) => group.teachers.length === 0) },
});
