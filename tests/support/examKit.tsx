/**
 * The answering screen (learn-center/{paperId}) as a system under test for model-based paths: a
 * small paper, the server's answers as the question-bank contract describes them, and msw
 * handlers that hold the sheet, each batch save and the hand-in until a path step answers them.
 * The start of a record is answered at once (it is not a step of the `exam` statechart: its
 * `open` actor starts the record and then reads the sheet).
 */
import { act, cleanup, render } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../src/app/AppContext';
import { createAuthSession } from '../../src/app/authSession';
import { mergeAnswers } from '../../src/domain/questionBank/answerSheet';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type {
  AnswerEntry,
  QuestionKey,
  QuestionView,
  RecordSaveRequest,
  RecordSaveResult,
  RecordSheet,
  RecordSummary,
} from '../../src/domain/questionBank/contract';
import { openAnswerJournal } from '../../src/services/questionBank/answerJournal';
import type { OpenedExam } from '../../src/services/questionBank/exam.data';
import { dismissAllToasts } from '../../src/services/shared/toast';
import PaperAnswerView from '../../src/views/questionBank/PaperAnswerView';
import { eventually, gate, type Gate } from './loginKit';
import { answer, ok } from './msw';

export const PAPER_ID = 7;
/** The exam's time when it opens: long enough for every debounce and back-off of a path. */
export const EXAM_SECONDS = 60;
/** Where an opened record resumes (the journal's position): the second question, so 上一题 and 下一题 both move. */
export const RESUME_AT = 1;

const option = (key: string) => ({ key, text: `选项${key}文字` });
const question = (id: number, no: number): QuestionView => ({
  id,
  type: 'SINGLE',
  stem: `第${no}题的题干`,
  options: ['A', 'B', 'C', 'D'].map(option),
  blanks: 0,
  scoreTenths: 20,
  no,
  subs: [],
});
export const QUESTIONS: QuestionView[] = [question(11, 1), question(12, 2), question(13, 3)];
/** Given before this device opened the record (another session): the first question, C. */
const STORED: AnswerEntry[] = [{ questionId: 11, answer: ['C'], flagged: false, version: 1 }];
const KEY_ANSWERS: Record<number, string> = { 11: 'B', 12: 'A', 13: 'D' };

/** Practice: the keys the server answers for the questions just answered. */
export function keysFor(entries: readonly AnswerEntry[]): QuestionKey[] {
  return entries
    .filter((entry) => entry.answer.length > 0)
    .map((entry) => ({ questionId: entry.questionId, answer: [KEY_ANSWERS[entry.questionId]!], analysis: `第${entry.questionId}题的解析` }));
}

/** The three records the `open` actor may find. */
export type OpenKind = 'exam' | 'practice' | 'handedIn';

export function summaryOf(kind: OpenKind, recordId: number, state: RecordSummary['state'] = kind === 'handedIn' ? 'DONE' : 'DOING'): RecordSummary {
  return {
    id: recordId,
    source: 'PAPER',
    sourceId: PAPER_ID,
    name: '全真模拟卷（一）',
    mode: kind === 'practice' ? 'PRACTICE' : 'EXAM',
    state,
    startedAt: 0,
    handedInAt: null,
    scoreTenths: null,
    totalScoreTenths: 60,
    questionCount: QUESTIONS.length,
    answeredCount: STORED.length,
  };
}

export function sheetOf(kind: OpenKind, recordId: number, now: number): RecordSheet {
  return {
    record: summaryOf(kind, recordId),
    deadlineAt: kind === 'exam' ? now + EXAM_SECONDS * 1000 : null,
    serverNow: now,
    questions: QUESTIONS,
    answers: STORED,
    keys: kind === 'practice' ? keysFor(STORED) : [],
  };
}

/** What the `open` actor resolves with for a record of `kind` arriving at `now` (an empty journal but its position). */
export function openedOf(kind: OpenKind, recordId: number, now: number): OpenedExam {
  const sheet = sheetOf(kind, recordId, now);
  return { sheet, merged: mergeAnswers(sheet.answers, []), position: kind === 'handedIn' ? 0 : RESUME_AT, durable: true, receivedAt: now };
}

export function saveResult(recordId: number, entries: readonly AnswerEntry[], practice: boolean, deadlineAt: number | null, now: number): RecordSaveResult {
  return { recordId, state: 'DOING', deadlineAt, serverNow: now, stale: [], keys: practice ? keysFor(entries) : [] };
}

/** Answers without their versions (the model's versions are its own clock's). */
export const given = (entries: readonly AnswerEntry[]) =>
  [...entries].sort((a, b) => a.questionId - b.questionId).map(({ questionId, answer, flagged }) => ({ questionId, answer, flagged }));

type Call = 'sheet' | 'save' | 'handIn';
interface Held {
  gate: Gate<Response>;
  body: unknown;
}

/** The answering page of one path: its record, its held calls, its clock. */
export function examPage() {
  let recordId = 500;
  let pending: Partial<Record<Call, Held>> = {};
  let location = memoryLocation({ path: '/', record: true });
  const page = {
    /** The record of the current path (a fresh one each, so the journal starts empty). */
    get recordId() {
      return recordId;
    },
    get location() {
      return location;
    },
    /** When the opened exam's countdown started (fake clock) and how many saves failed since the last success. */
    openedAt: 0,
    failures: 0,
    /** How many answers the path gave (they alternate between a number key and a click). */
    answersGiven: 0,
    pending: (call: Call): Held | undefined => pending[call],
    /** Answers the call the screen is waiting on (and forgets it, so the next state sees none pending). */
    async answer(call: Call, response: () => Response): Promise<void> {
      await eventually(() => expect(pending[call]).toBeDefined());
      const held = pending[call]!;
      delete pending[call];
      await act(async () => held.gate.open(response()));
    },
    handlers: [
      answer(QB.qbRecordSave, async ({ request }) => {
        const body = (await request.json()) as RecordSaveRequest;
        // Starting (or continuing) the paper's record: not a step of the statechart.
        if (!body.recordId) return ok(saveResult(recordId, [], false, null, Date.now()));
        return hold('save', body);
      }),
      answer(QB.qbRecordQuestions, () => hold('sheet', null)),
      answer(QB.qbHandScore, async ({ request }) => hold('handIn', await request.json())),
    ],
    async setup(): Promise<() => void> {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      recordId += 1;
      pending = {};
      page.openedAt = 0;
      page.failures = 0;
      page.answersGiven = 0;
      location = memoryLocation({ path: `/question-bank/learn-center/${PAPER_ID}`, record: true });
      render(
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AppProvider session={createAuthSession()}>
            <PaperAnswerView
              params={{ paperId: String(PAPER_ID) }}
              route={{ path: '', title: '在线答题', view: () => Promise.reject(new Error('unused')), auth: true, layout: 'bare', mobile: '' }}
            />
          </AppProvider>
        </Router>,
      );
      return () => {
        cleanup();
        // Calls still held get an empty answer, so nothing fails later in another test.
        for (const held of Object.values(pending)) held?.gate.open(ok(null));
        dismissAllToasts();
        vi.useRealTimers();
      };
    },
    /** Where the record resumes: the journal keeps the position the way a reload finds it. */
    async keepPosition(index: number): Promise<void> {
      await (await openAnswerJournal()).savePosition(recordId, index);
    },
  };
  function hold(call: Call, body: unknown): Promise<Response> {
    const g = gate<Response>();
    pending[call] = { gate: g, body };
    return g.promise;
  }
  return page;
}

export const networkDown = () => HttpResponse.error();
