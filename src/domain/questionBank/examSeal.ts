/**
 * The exam seal: while a student answers an exam, nothing tells them whether an answer to one of
 * its questions is right — no key, explanation, verdict, score, correct count or rate, and no
 * wrong-book change that depends on it — through any other record of theirs.
 *
 * How it holds: every other record of the student that shares a question with an exam they are
 * answering is *sealed* until that exam is handed in (or handed in by the server at its deadline).
 * A sealed record cannot be started, opened, saved, handed in, marked, or reported: the server
 * answers EXAM_SEAL_STATUS with QB_TEXTS.examSealed (QB_TEXTS.examSealedResults for a record
 * already handed in), and the screen says why. A record handed in before the exam keeps its place
 * (and its score) in the lists, since nothing about it can change while the seal holds. Two exams that share a question are never answered at once:
 * starting the second one is refused the same way.
 *
 * One rule for the server (every questionbank call, server/questionBank/examSeal.queries.ts) and
 * the screens (which show the refusal's words).
 */

/** HTTP 423 Locked: the record is there, and opens again once the exam is handed in. */
export const EXAM_SEAL_STATUS = 423;

/** A record the student is answering in exam mode, with its top-level questions and their sub-questions. */
export interface RunningExam {
  id: number;
  source: string;
  sourceId: number;
  /** Every question id of the exam: top-level and case sub-questions. */
  questionIds: ReadonlySet<number>;
}

/**
 * The running exam that seals a record of `questionIds` (top-level or sub-question ids), or null.
 * `recordId` is the record itself (an exam never seals itself); null for a record about to start.
 */
export function sealingExam(recordId: number | null, questionIds: readonly number[], exams: readonly RunningExam[]): RunningExam | null {
  for (const exam of exams) {
    if (exam.id === recordId) continue;
    if (questionIds.some((id) => exam.questionIds.has(id))) return exam;
  }
  return null;
}
