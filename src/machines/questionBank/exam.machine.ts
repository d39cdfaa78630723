/**
 * The `exam` statechart (design card: the exam answering flow) for learn-center/{paperId}/{recordId?} and
 * learn-center-record/{questionType} (practice of a section, the wrong book or favourites):
 * open the record and merge it with the device's journal; answer (every answer journaled at once,
 * then saved in batches, retried with back-off while offline); move around the sheet, flag for
 * review; in EXAM mode a countdown on the server's clock that hands in by itself at zero; the
 * hand-in confirmation listing unanswered questions; hand-in. Nothing here fetches: the actors
 * come from services/exam.data.ts.
 *
 * The journal is the durable queue (src/services/shared/durableQueue.ts), driven as the progress
 * recorder drives its outbox: an answer is written by the `keep` action, what is pending is read by
 * the actor that starts the flow (`open`), the `save` actor sends and then acknowledges; an answer
 * refused for good is not sent again (it stays in the journal, unsynced, until answered again or the
 * record is opened again), any other failure waits `retryDelayMs` (or ONLINE).
 */
import { assign, fromPromise, setup } from 'xstate';
import { nextVersion, sheetItems, spentSeconds, type SheetItem } from '../../domain/questionBank/answerSheet';
import type { SmartPracticeSize } from '../../domain/questionBank/limits';
import { remainingSeconds } from '../../domain/shared/countdown';
import { retryDelayMs } from '../../domain/shared/retry';
import type { AnswerEntry, QuestionKey, RecordMode, RecordSource, RecordSummary } from '../../domain/questionBank/contract';
import { EXAM_TEXTS } from '../../domain/questionBank/examTexts';
import {
  errorText,
  handInExam,
  isFinalRefusal,
  journalAnswer,
  refusalOf,
  journalPosition,
  openExam,
  saveBatch,
  type OpenedExam,
  type OpenRequest,
  type SavedBatch,
} from '../../services/questionBank/exam.data';

/** A batch waits this long for more answers before it is sent. */
export const SAVE_DEBOUNCE_MS = 800;

export interface ExamInput {
  /** What is answered: a paper, a section, the wrong book or favourites of a subject. */
  source: RecordSource;
  sourceId: number;
  recordId: number | null;
  mode: RecordMode;
  /** 智能练习: how many questions a new one takes. */
  size?: SmartPracticeSize | null;
}

export interface ExamContext extends ExamInput {
  name: string;
  items: SheetItem[];
  answers: Record<number, AnswerEntry>;
  /** Answers not yet stored by the server, by question. */
  unsent: Record<number, AnswerEntry>;
  /** The batch out with the save now. */
  sending: AnswerEntry[];
  /** Answers the server refused for good, by question, with its reason: no longer sent until answered again. */
  refused: Record<number, { entry: AnswerEntry; reason: string }>;
  keys: Record<number, QuestionKey>;
  current: number;
  /** Device ms when the current question's page was shown; with `spentMs`, what an answer took (spentSeconds). */
  shownAt: number;
  /** Time already spent on each question page before it was last shown, by item index. */
  spentMs: Record<number, number>;
  lastVersion: number;
  deadlineAt: number | null;
  /** Server time − device time. */
  offsetMs: number;
  remaining: number | null;
  failures: number;
  saveError: string | null;
  loadError: string | null;
  handInError: string | null;
  durable: boolean;
  /** Opened from the device's copy of the sheet (no network): true until a save goes through. */
  offline: boolean;
  /**
   * Why the paper is being handed in without the student asking: the countdown reached zero, or
   * the server refused a save because the record is over (handed in from another tab, past the
   * deadline), in its words. Null when the student handed in.
   */
  closedReason: string | null;
  result: RecordSummary | null;
}

export type ExamEvent =
  | { type: 'ANSWER'; questionId: number; answer: string[] }
  | { type: 'TOGGLE_FLAG'; questionId: number }
  | { type: 'GO'; index: number }
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'REQUEST_HAND_IN' }
  | { type: 'CONFIRM_HAND_IN' }
  | { type: 'CANCEL_HAND_IN' }
  | { type: 'ONLINE' }
  | { type: 'RETRY' };

function summaryOf(opened: OpenedExam): RecordSummary {
  return opened.sheet.record;
}

const hasUnsent = (context: ExamContext) => Object.keys(context.unsent).length > 0;

/** A new version of a question's answer (or flag): kept as given and queued for the server. */
function withEntry(
  context: ExamContext,
  questionId: number,
  change: (previous: AnswerEntry | undefined) => Pick<AnswerEntry, 'answer' | 'flagged' | 'spentSeconds'>,
) {
  const entry: AnswerEntry = { questionId, ...change(context.answers[questionId]), version: nextVersion(context.lastVersion, Date.now()) };
  const { [questionId]: _answeredAgain, ...refused } = context.refused;
  return { answers: { ...context.answers, [questionId]: entry }, unsent: { ...context.unsent, [questionId]: entry }, refused, lastVersion: entry.version };
}

/** To another question: the time on the one left is kept for its answers' spentSeconds. */
function moveTo(context: ExamContext, index: number): Pick<ExamContext, 'current' | 'shownAt' | 'spentMs'> {
  const now = Date.now();
  const current = Math.min(Math.max(0, index), Math.max(0, context.items.length - 1));
  const spent = (context.spentMs[context.current] ?? 0) + Math.max(0, now - context.shownAt);
  return { current, shownAt: now, spentMs: { ...context.spentMs, [context.current]: spent } };
}

/** The refused answers of the batch leave the queue (the rest is sent again at once). */
function withRefusal(context: ExamContext, error: unknown): Pick<ExamContext, 'unsent' | 'refused' | 'failures' | 'saveError'> {
  const refusal = refusalOf(error)!;
  const named = context.sending.filter((entry) => entry.questionId === refusal.questionId);
  const unsent = { ...context.unsent };
  const refused = { ...context.refused };
  for (const entry of named.length > 0 ? named : context.sending) {
    if (unsent[entry.questionId]?.version !== entry.version) continue;
    delete unsent[entry.questionId];
    refused[entry.questionId] = { entry, reason: refusal.reason };
  }
  return { unsent, refused, failures: 0, saveError: null };
}

export const examMachine = setup({
  types: { context: {} as ExamContext, events: {} as ExamEvent, input: {} as ExamInput },
  actors: {
    open: fromPromise<OpenedExam, OpenRequest>(({ input }) => openExam(input)),
    save: fromPromise<SavedBatch, { recordId: number; entries: AnswerEntry[] }>(({ input }) => saveBatch(input.recordId, input.entries)),
    handIn: fromPromise<RecordSummary, { recordId: number; unsent: AnswerEntry[] }>(({ input }) => handInExam(input.recordId, input.unsent)),
  },
  guards: {
    hasUnsent: ({ context }) => hasUnsent(context),
    isExam: ({ context }) => context.mode === 'EXAM' && context.deadlineAt !== null,
    isTimeUp: ({ context }) => context.remaining !== null && context.remaining <= 0,
    alreadyHandedIn: ({ event }) => (event as unknown as { output: OpenedExam }).output.sheet.record.state !== 'DOING',
    finalRefusal: ({ event }) => isFinalRefusal((event as unknown as { error: unknown }).error),
    refusedForGood: ({ event }) => refusalOf((event as unknown as { error: unknown }).error) !== null,
  },
  actions: {
    /** Writes an answer to the journal (the durable queue) the moment it is given; a failing write is not the screen's concern. */
    keep: ({ context }, params: { entry: AnswerEntry }) => {
      if (context.recordId !== null) void journalAnswer(context.recordId, params.entry).catch(() => undefined);
    },
    journalPosition: ({ context }) => {
      if (context.recordId !== null) void journalPosition(context.recordId, context.current).catch(() => undefined);
    },
    tick: assign({
      remaining: ({ context }) => (context.deadlineAt === null ? null : remainingSeconds(context.deadlineAt, context.offsetMs, Date.now())),
    }),
  },
  delays: {
    debounce: SAVE_DEBOUNCE_MS,
    backoff: ({ context }) => retryDelayMs(context.failures),
  },
}).createMachine({
  id: 'exam',
  context: ({ input }) => ({
    ...input,
    name: '',
    items: [],
    answers: {},
    unsent: {},
    sending: [],
    refused: {},
    keys: {},
    current: 0,
    shownAt: 0,
    spentMs: {},
    lastVersion: 0,
    deadlineAt: null,
    offsetMs: 0,
    remaining: null,
    failures: 0,
    saveError: null,
    loadError: null,
    handInError: null,
    durable: true,
    offline: false,
    closedReason: null,
    result: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'open',
        src: 'open',
        input: ({ context }) => ({
          source: context.source,
          sourceId: context.sourceId,
          recordId: context.recordId,
          mode: context.mode,
          size: context.size ?? null,
        }),
        onDone: [
          {
            guard: 'alreadyHandedIn',
            target: 'handedIn',
            actions: assign({ recordId: ({ event }) => event.output.sheet.record.id, result: ({ event }) => summaryOf(event.output) }),
          },
          {
            target: 'answering',
            actions: assign(({ event }) => {
              const { sheet, merged, position, durable, receivedAt, offline = false } = event.output;
              const items = sheetItems(sheet.questions);
              const offsetMs = sheet.serverNow - receivedAt;
              return {
                recordId: sheet.record.id,
                mode: sheet.record.mode,
                name: sheet.record.name,
                items,
                answers: merged.answers,
                unsent: Object.fromEntries(merged.unsent.map((entry) => [entry.questionId, entry])),
                keys: Object.fromEntries(sheet.keys.map((key) => [key.questionId, key])),
                current: Math.min(Math.max(0, position), Math.max(0, items.length - 1)),
                shownAt: receivedAt,
                lastVersion: merged.lastVersion,
                deadlineAt: sheet.deadlineAt,
                offsetMs,
                remaining: sheet.deadlineAt === null ? null : remainingSeconds(sheet.deadlineAt, offsetMs, receivedAt),
                durable,
                offline,
                loadError: null,
              };
            }),
          },
        ],
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorText(event.error, EXAM_TEXTS.loadFailed) }) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },

    answering: {
      type: 'parallel',
      on: {
        ANSWER: {
          actions: [
            assign(({ context, event }) =>
              withEntry(context, event.questionId, (previous) => ({
                answer: event.answer,
                flagged: previous?.flagged ?? false,
                spentSeconds: spentSeconds(context.spentMs[context.current] ?? 0, context.shownAt, Date.now()),
              })),
            ),
            { type: 'keep', params: ({ context, event }) => ({ entry: context.answers[event.questionId]! }) },
          ],
        },
        TOGGLE_FLAG: {
          actions: [
            assign(({ context, event }) =>
              withEntry(context, event.questionId, (previous) => ({
                answer: previous?.answer ?? [],
                flagged: !(previous?.flagged ?? false),
                ...(previous?.spentSeconds === undefined ? {} : { spentSeconds: previous.spentSeconds }),
              })),
            ),
            { type: 'keep', params: ({ context, event }) => ({ entry: context.answers[event.questionId]! }) },
          ],
        },
        GO: { actions: [assign(({ context, event }) => moveTo(context, event.index)), 'journalPosition'] },
        NEXT: { actions: [assign(({ context }) => moveTo(context, context.current + 1)), 'journalPosition'] },
        PREV: { actions: [assign(({ context }) => moveTo(context, context.current - 1)), 'journalPosition'] },
      },
      states: {
        sync: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasUnsent', target: 'waiting' } },
            waiting: { after: { debounce: 'saving' } },
            saving: {
              entry: assign({ sending: ({ context }) => Object.values(context.unsent) }),
              invoke: {
                id: 'save',
                src: 'save',
                input: ({ context }) => ({ recordId: context.recordId!, entries: context.sending }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => {
                    const { result, sent, receivedAt } = event.output;
                    const unsent = { ...context.unsent };
                    // Sent and not replaced by a newer answer meanwhile: stored.
                    for (const entry of sent) if (unsent[entry.questionId]?.version === entry.version) delete unsent[entry.questionId];
                    const answers = { ...context.answers };
                    for (const entry of result.stale) {
                      if ((answers[entry.questionId]?.version ?? -1) <= entry.version) {
                        answers[entry.questionId] = entry;
                        delete unsent[entry.questionId];
                      }
                    }
                    const keys = { ...context.keys };
                    for (const key of result.keys) keys[key.questionId] = key;
                    return {
                      unsent,
                      answers,
                      keys,
                      failures: 0,
                      saveError: null,
                      offline: false,
                      deadlineAt: result.deadlineAt ?? context.deadlineAt,
                      offsetMs: result.serverNow - receivedAt,
                      lastVersion: Math.max(context.lastVersion, ...result.stale.map((entry) => entry.version)),
                    };
                  }),
                },
                onError: [
                  // Handed in meanwhile (the deadline passed, another tab): nothing more to save here.
                  {
                    guard: 'finalRefusal',
                    target: '#exam.handingIn',
                    actions: assign({ closedReason: ({ event }) => errorText(event.error, EXAM_TEXTS.timeUp) }),
                  },
                  // Refused for good (a 4xx): those answers stop, the others are sent again at once.
                  { guard: 'refusedForGood', target: 'idle', actions: assign(({ context, event }) => withRefusal(context, event.error)) },
                  {
                    target: 'retrying',
                    actions: assign({
                      failures: ({ context }) => context.failures + 1,
                      saveError: ({ event }) => errorText(event.error, EXAM_TEXTS.saveFailed),
                    }),
                  },
                ],
              },
            },
            retrying: { after: { backoff: 'saving' }, on: { ONLINE: 'saving', RETRY: 'saving' } },
          },
        },
        clock: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'isExam', target: 'running' }, { target: 'off' }] },
            running: {
              always: { guard: 'isTimeUp', target: '#exam.handingIn', actions: assign({ closedReason: EXAM_TEXTS.timeUp }) },
              after: { 1000: { target: 'running', reenter: true, actions: 'tick' } },
            },
            off: {},
          },
        },
        sheet: {
          initial: 'browsing',
          states: {
            browsing: { on: { REQUEST_HAND_IN: 'confirming' } },
            confirming: { on: { CONFIRM_HAND_IN: '#exam.handingIn', CANCEL_HAND_IN: 'browsing' } },
          },
        },
      },
    },

    handingIn: {
      invoke: {
        id: 'handIn',
        src: 'handIn',
        input: ({ context }) => ({ recordId: context.recordId!, unsent: Object.values(context.unsent) }),
        onDone: { target: 'handedIn', actions: assign({ result: ({ event }) => event.output, unsent: {}, handInError: null }) },
        onError: { target: 'handInFailed', actions: assign({ handInError: ({ event }) => errorText(event.error, EXAM_TEXTS.handInFailed) }) },
      },
    },
    handInFailed: { on: { RETRY: 'handingIn', ONLINE: 'handingIn' } },
    handedIn: { type: 'final' },
  },
});
