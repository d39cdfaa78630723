/** What the question-bank home shows, and how it is asked for: one recipe for the app and the server's render. */
import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from '../catalog/calls';
import type { ClassNode, TeacherGroup } from '../catalog/contract';
import type { Ask } from '../shared/serverPage';
import { QUESTION_BANK_CALLS as QB } from './calls';
import type { PaperListItem, PaperType, SectionNode } from './contract';
import { bankProjects, chooseSubject, type BankProject } from './homeSubjects';
import { QB_PAGE_MAX_SIZE } from './limits';
import { parseId } from '../../paths';
import { homeTabOf, QB_HOME_TABS } from './tabs';

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

/** The page's params from its address (`?subjectId=…&tab=…`): the view's and the server's render's. */
export function qbHomeParams(search: string, loggedIn: boolean): QbHomeParams {
  const query = new URLSearchParams(search);
  return { subjectId: parseId(query.get('subjectId')), tab: homeTabOf(query.get('tab')), loggedIn };
}

/**
 * The class tree and every paper (to know which subjects have a bank), then for the chosen subject
 * its section tree, the papers of the tab and the project's teachers. `tree`: the class tree when
 * the caller keeps one (the app keeps it for the session).
 */
export async function askQbHome(ask: Ask, params: QbHomeParams, tree?: Promise<ClassNode[]>): Promise<QbHomeData> {
  // The demo banks hold a few dozen papers: one page of all of them says which subjects have a bank.
  const [classes, all] = await Promise.all([
    tree ?? ask(CATALOG_CALLS.classTreeList, { body: {} }),
    ask(QB.qbPaperPageList, { body: { current: 1, size: QB_PAGE_MAX_SIZE } }),
  ]);
  const projects = bankProjects(classes, new Set(all.records.map((p) => p.subjectId)));
  const chosen = chooseSubject(projects, params.subjectId);
  if (!chosen) return { projects, project: null, subjectId: null, sections: [], subjectPapers: [], tabPapers: [], teachers: [] };
  const paperType: PaperType = QB_HOME_TABS.find((t) => t.tab === params.tab)?.paperType ?? 'CHAPTER';
  const [sections, subjectPage, teachers] = await Promise.all([
    ask(QB.qbSectionTree, { params: { id: chosen.subjectId } }),
    ask(QB.qbPaperPageList, { body: { current: 1, size: QB_PAGE_MAX_SIZE, subjectId: chosen.subjectId } }),
    ask(CATALOG_EXTRA_CALLS.teacherList, { query: { projectId: chosen.project.id } }),
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
