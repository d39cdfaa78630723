/**
 * Papers and chapter sections: public reads (the list, a paper's introduction, the section tree)
 * that add the user's figures when logged in, the questions of a paper or section without their
 * keys, the enums and whether the user may answer a project's paid papers.
 */
import type { PaperDetail, PaperListItem, QbEnums, QuestionBankAccess, QuestionView, SectionNode } from '../../src/domain/questionBank/contract';
import { PAPER_TYPE_LABELS, PAPER_TYPES, QUESTION_TYPE_LABELS, QUESTION_TYPES } from '../../src/domain/questionBank/contract';
import { FEEDBACK_KIND_LABELS, FEEDBACK_KINDS } from '../../src/domain/questionBank/limits';
import { QB_HOME_TABS } from '../../src/domain/questionBank/tabs';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { ownsPaidCourseOfProject } from '../commerce/entitlements';
import { currentUser } from '../shared/auth';
import { AppError, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { findPaper, listPapers, paperItems } from './papers.queries';
import { loadQuestions, toViews } from './questions.queries';
import { doneCounts, sectionQuestionItems, sectionRows } from './sections.queries';

const ENUMS: QbEnums = {
  questionTypes: QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] })),
  paperTypes: PAPER_TYPES.map((value) => ({ value, label: PAPER_TYPE_LABELS[value] })),
  homeTabs: QB_HOME_TABS.map((tab) => ({ ...tab, label: PAPER_TYPE_LABELS[tab.paperType] })),
  feedbackKinds: FEEDBACK_KINDS.map((value) => ({ value, label: FEEDBACK_KIND_LABELS[value] })),
};

export const papersRoutes: RouteGroup = ({ db, services }) => ({
  qbEnumList: { handler: () => ENUMS },

  qbPaperPageList: {
    auth: 'optional',
    handler: (request): Promise<Page<PaperListItem>> => listPapers(db, request.body, request.auth?.userId ?? null, services.clock.now()),
  },

  qbPaperDetail: {
    auth: 'optional',
    async handler(request): Promise<PaperDetail> {
      const paper = await findPaper(db, request.params.id, request.auth?.userId ?? null, services.clock.now());
      if (!paper) throw notFound(QB_TEXTS.paperNotFound);
      return paper;
    },
  },

  // The questions without keys, to preview a paper; answering goes through a record.
  qbPaperQuestions: {
    auth: 'optional',
    async handler(request): Promise<QuestionView[]> {
      const paper = await findPaper(db, request.params.id, request.auth?.userId ?? null, services.clock.now());
      if (!paper) throw notFound(QB_TEXTS.paperNotFound);
      if (paper.locked) throw new AppError(403, QB_TEXTS.paperLocked);
      return toViews(await loadQuestions(db, await paperItems(db, paper.id)));
    },
  },

  qbUserPaperList: {
    auth: 'required',
    async handler(request): Promise<PaperListItem[]> {
      const user = currentUser(request);
      const page = await listPapers(db, { current: 1, size: 200, subjectId: request.params.id }, user.userId, services.clock.now());
      return page.records;
    },
  },

  qbSectionTree: {
    auth: 'optional',
    async handler(request): Promise<SectionNode[]> {
      const rows = await sectionRows(db, request.params.id);
      const done = request.auth
        ? await doneCounts(
            db,
            request.auth.userId,
            rows.map((row) => row.id),
          )
        : new Map<number, number>();
      const nodes = new Map<number, SectionNode>(
        rows.map((row) => [row.id, { id: row.id, name: row.name, questionCount: Number(row.questionCount), doneCount: done.get(row.id) ?? 0, children: [] }]),
      );
      const roots: SectionNode[] = [];
      for (const row of rows) (row.parentId === 0 ? roots : (nodes.get(row.parentId)?.children ?? roots)).push(nodes.get(row.id)!);
      // A section counts the questions of its sub-sections too.
      const total = (node: SectionNode): [number, number] => {
        for (const child of node.children) {
          const [q, d] = total(child);
          node.questionCount += q;
          node.doneCount += d;
        }
        return [node.questionCount, node.doneCount];
      };
      roots.forEach(total);
      return roots;
    },
  },

  qbSectionQuestions: {
    auth: 'optional',
    async handler(request): Promise<QuestionView[]> {
      const items = await sectionQuestionItems(db, request.params.id);
      if (!items) throw notFound(QB_TEXTS.sectionNotFound);
      return toViews(await loadQuestions(db, items));
    },
  },

  userProductQuestionStatus: {
    auth: 'required',
    async handler(request): Promise<QuestionBankAccess> {
      const user = currentUser(request);
      const projectId = request.body.projectId || null;
      return { projectId, paid: projectId !== null && (await ownsPaidCourseOfProject(db, user.userId, projectId, services.clock.now())) };
    },
  },
});
