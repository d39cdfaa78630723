/**
 * The question-bank home's subject choice: the class tree's projects (level 2) and subjects
 * (level 3), subjects with a bank first, and the subject the URL names or the first with a bank.
 */
import type { ClassNode } from '../catalog/contract';
import type { PaperListItem, SectionNode } from './contract';

export interface BankProject {
  id: number;
  name: string;
  subjects: { id: number; name: string; hasBank: boolean }[];
}

/** Projects with their subjects; a subject with papers counts as having a bank and comes first. */
export function bankProjects(tree: readonly ClassNode[], bankSubjectIds: ReadonlySet<number>): BankProject[] {
  const projects: BankProject[] = [];
  for (const category of tree)
    for (const project of category.children ?? []) {
      const subjects = (project.children ?? []).map((s) => ({ id: s.id, name: s.name, hasBank: bankSubjectIds.has(s.id) }));
      if (subjects.length === 0) continue;
      subjects.sort((a, b) => Number(b.hasBank) - Number(a.hasBank));
      projects.push({ id: project.id, name: project.name, subjects });
    }
  return projects.sort((a, b) => Number(b.subjects[0]?.hasBank ?? false) - Number(a.subjects[0]?.hasBank ?? false));
}

/** The URL's subject when the tree has it, else the first subject with a bank (else the first at all); null in an empty tree. */
export function chooseSubject(projects: readonly BankProject[], wanted: number | null): { project: BankProject; subjectId: number } | null {
  for (const project of projects) if (project.subjects.some((s) => s.id === wanted)) return { project, subjectId: wanted as number };
  const first = projects[0];
  const subject = first?.subjects[0];
  return first && subject ? { project: first, subjectId: subject.id } : null;
}

/** Distinct questions done over a section tree (a parent counts its children already, so the top level only). */
export function doneQuestions(sections: readonly SectionNode[]): number {
  return sections.reduce((sum, s) => sum + s.doneCount, 0);
}

/** Papers the user has sat, and their best scores as a share of the totals (0–100, null before any). */
export function paperProgress(papers: readonly PaperListItem[]): { sat: number; rate: number | null } {
  const sat = papers.filter((p) => p.attempts > 0 && p.bestScoreTenths !== null);
  const total = sat.reduce((sum, p) => sum + p.totalScoreTenths, 0);
  const best = sat.reduce((sum, p) => sum + (p.bestScoreTenths ?? 0), 0);
  return { sat: papers.filter((p) => p.attempts > 0).length, rate: total > 0 ? Math.round((best * 100) / total) : null };
}
