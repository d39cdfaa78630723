/**
 * /question-bank/home: the class tree and every paper (to know which subjects have a bank), then
 * for the chosen subject its section tree, the papers of the tab and the project's teachers.
 */
import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from '../../domain/catalog/calls';
import type { ClassNode, TeacherGroup } from '../../domain/catalog/contract';
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import type { PaperListItem, PaperType, SectionNode } from '../../domain/questionBank/contract';
import { bankProjects, chooseSubject, type BankProject } from '../../domain/questionBank/homeSubjects';
import { QB_PAGE_MAX_SIZE } from '../../domain/questionBank/limits';
import { QB_HOME_TABS } from '../../domain/questionBank/tabs';
import { call } from '../../services/shared/http/client';
import { createPageDataMachine } from '../shared/pageData';

export interface QbHomeParams {
  subjectId: number | null;
  tab: number;
  /** The user's figures come with the papers and sections: a login reloads them. */
  loggedIn: boolean;
}

export interface QbHomeData {
  projects: BankProject[];
  project: BankProject | null;
  subjectId: number | null;
  sections: SectionNode[];
  /** The subject's papers of every type (the summary band), and those of the tab. */
  subjectPapers: PaperListItem[];
  tabPapers: PaperListItem[];
  teachers: TeacherGroup[];
}

let cachedTree: Promise<ClassNode[]> | null = null;

async function loadHome(params: QbHomeParams): Promise<QbHomeData> {
  // The tree rarely changes: kept for the session; a failed load is tried again next time.
  if (!cachedTree) {
    cachedTree = call(CATALOG_CALLS.classTreeList, { body: {} });
    cachedTree.catch(() => {
      cachedTree = null;
    });
  }
  const treeLoad = cachedTree;
  // The demo banks hold a few dozen papers: one page of all of them says which subjects have a bank.
  const [tree, all] = await Promise.all([treeLoad, call(QB.qbPaperPageList, { body: { current: 1, size: QB_PAGE_MAX_SIZE } })]);
  const projects = bankProjects(tree, new Set(all.records.map((p) => p.subjectId)));
  const chosen = chooseSubject(projects, params.subjectId);
  if (!chosen) return { projects, project: null, subjectId: null, sections: [], subjectPapers: [], tabPapers: [], teachers: [] };
  const paperType: PaperType = QB_HOME_TABS.find((t) => t.tab === params.tab)?.paperType ?? 'CHAPTER';
  const [sections, subjectPage, teachers] = await Promise.all([
    call(QB.qbSectionTree, { params: { id: chosen.subjectId } }),
    call(QB.qbPaperPageList, { body: { current: 1, size: QB_PAGE_MAX_SIZE, subjectId: chosen.subjectId } }),
    call(CATALOG_EXTRA_CALLS.teacherList, { query: { projectId: chosen.project.id } }),
  ]);
  return {
    projects,
    project: chosen.project,
    subjectId: chosen.subjectId,
    sections,
    subjectPapers: subjectPage.records,
    tabPapers: subjectPage.records.filter((p) => p.paperType === paperType),
    teachers: teachers.filter((g) => g.project.id === chosen.project.id),
  };
}

/** Another subject or tab, or a login, loads again in place (PARAMS_CHANGED). */
export const qbHomeMachine = createPageDataMachine({
  id: 'qbHome',
  load: loadHome,
  sameParams: (a, b) => a.subjectId === b.subjectId && a.tab === b.tab && a.loggedIn === b.loggedIn,
});
