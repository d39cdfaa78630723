/**
 * The exam machine's model for Chromium (tests/e2e/exam.model.spec.ts): the real machine loaded
 * through Vite, what a student and the real server can do in each state, and the paths generated
 * from them with the model's clock standing still.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { loadModules } from '../../../scripts/statecharts/loadModules';
import { mergeAnswers, toggleOption, type SheetItem } from '../../../src/domain/questionBank/answerSheet';
import type { AnswerEntry, QuestionKey, QuestionView, RecordSaveResult, RecordSheet, RecordSummary } from '../../../src/domain/questionBank/contract';
import { EXAM_SEAL_STATUS } from '../../../src/domain/questionBank/examSeal';
import { QB_TEXTS } from '../../../src/domain/questionBank/texts';
import { NETWORK_ERROR_TEXT } from '../../../src/domain/shared/errors';
import type { ApiError as ApiErrorClass } from '../../../src/services/shared/http/ApiError';
import type { OpenedExam, SavedBatch } from '../../../src/services/questionBank/exam.data';
import { chromiumPaths } from './chromiumModel';

// The machine and ApiError from one Vite module graph: the machine's guards ask `instanceof ApiError`.
const [machineModule, errorModule] = await loadModules(process.cwd(), ['src/machines/questionBank/exam.machine.ts', 'src/services/shared/http/ApiError.ts']);
const machine = machineModule!.mod.examMachine as AnyStateMachine;
export const SAVE_DEBOUNCE_MS = machineModule!.mod.SAVE_DEBOUNCE_MS as number;
const ApiError = errorModule!.mod.ApiError as typeof ApiErrorClass;

export const DEBOUNCE = 'xstate.after.debounce.exam.answering.sync.waiting';
export const BACKOFF = 'xstate.after.backoff.exam.answering.sync.retrying';
export const TICK = 'xstate.after.1000.exam.answering.clock.running';

/** The model's clock (frozen while paths are generated): an opened exam has EXAM_SECONDS left, and its next tick reaches the deadline. */
const MODEL_NOW = 1_900_000_000_000;
const EXAM_SECONDS = 60;
const OPENED_AT = MODEL_NOW - EXAM_SECONDS * 1000;
const MODEL_RECORD = 1;
const MODEL_PAPER = 7;

const OFFLINE = new ApiError(NETWORK_ERROR_TEXT, 0, null);
/** The record was handed in meanwhile (another tab): the server's 409 to a save. */
const HANDED_IN_ELSEWHERE = new ApiError(QB_TEXTS.recordHandedIn, 409, 409);
/** A practice sealed by an exam of the same paper begun meanwhile: the whole batch refused for good. */
const SEALED = new ApiError(QB_TEXTS.examSealed, EXAM_SEAL_STATUS, EXAM_SEAL_STATUS);

const modelQuestion = (id: number, no: number): QuestionView => ({
  id,
  type: 'SINGLE',
  stem: `第${no}题`,
  options: ['A', 'B', 'C', 'D'].map((key) => ({ key, text: key })),
  blanks: 0,
  scoreTenths: 20,
  no,
  subs: [],
});
export const MODEL_QUESTIONS = [modelQuestion(11, 1), modelQuestion(12, 2), modelQuestion(13, 3)];

type OpenKind = 'exam' | 'practice' | 'handedIn';
const summaryOf = (kind: OpenKind, state: RecordSummary['state'] = kind === 'handedIn' ? 'DONE' : 'DOING'): RecordSummary => ({
  id: MODEL_RECORD,
  source: 'PAPER',
  sourceId: MODEL_PAPER,
  name: '模拟卷',
  mode: kind === 'practice' ? 'PRACTICE' : 'EXAM',
  state,
  startedAt: OPENED_AT,
  handedInAt: null,
  scoreTenths: null,
  totalScoreTenths: 60,
  questionCount: MODEL_QUESTIONS.length,
  answeredCount: 0,
});
/** A new record: nothing answered yet, nothing in the device's journal, the first question. */
function openedOf(kind: OpenKind): OpenedExam {
  const sheet: RecordSheet = {
    record: summaryOf(kind),
    deadlineAt: kind === 'exam' ? MODEL_NOW : null,
    serverNow: OPENED_AT,
    questions: MODEL_QUESTIONS,
    answers: [],
    keys: [],
  };
  return { sheet, merged: mergeAnswers([], []), position: 0, durable: true, receivedAt: OPENED_AT };
}
export const kindOf = (output: OpenedExam): OpenKind =>
  output.sheet.record.state !== 'DOING' ? 'handedIn' : output.sheet.record.mode === 'PRACTICE' ? 'practice' : 'exam';
const keysFor = (entries: readonly AnswerEntry[]): QuestionKey[] =>
  entries.filter((entry) => entry.answer.length > 0).map((entry) => ({ questionId: entry.questionId, answer: ['A'], analysis: '解析' }));

interface Context {
  items: SheetItem[];
  answers: Record<number, AnswerEntry>;
  unsent: Record<number, AnswerEntry>;
  refused: Record<number, { entry: AnswerEntry; reason: string }>;
  keys: Record<number, QuestionKey>;
  current: number;
  deadlineAt: number | null;
  failures: number;
  loadError: string | null;
  handInError: string | null;
  closedReason: string | null;
  result: RecordSummary | null;
}
export const ctx = (s: AnyMachineSnapshot) => s.context as Context;
const isPractice = (s: AnyMachineSnapshot) => s.matches({ answering: { clock: 'off' } });
/** The batch the save actor was given (what its answer stores). */
export const inFlight = (s: AnyMachineSnapshot): AnswerEntry[] => (s.children.save?.getSnapshot() as { input: { entries: AnswerEntry[] } }).input.entries;
const answeredWhileSaving = (s: AnyMachineSnapshot) =>
  s.matches({ answering: { sync: 'saving' } }) &&
  Object.values(ctx(s).unsent).some((entry) => !inFlight(s).some((sent) => sent.questionId === entry.questionId && sent.version === entry.version));

const event = (e: { type: string } & Record<string, unknown>): EventObject => e;

/**
 * What a student and the real server can do in each state. Answers are given on the first question
 * (a new one, and once more while its batch is out); the hand-in is asked for, and the countdown
 * reaches zero, with every answer saved (a pending debounce would race the jump of the clock).
 * Moves around the sheet and flags change no state: the jsdom suite takes them. A practice is
 * answered once: its key, or the seal of an exam begun meanwhile.
 */
function events(s: AnyMachineSnapshot): EventObject[] {
  const c = ctx(s);
  if (s.matches('loading'))
    return [
      ...(['exam', 'practice', 'handedIn'] as OpenKind[]).map((kind) => event({ type: 'xstate.done.actor.open', output: openedOf(kind) })),
      event({ type: 'xstate.error.actor.open', error: OFFLINE }),
    ];
  if (s.matches('loadFailed')) return [{ type: 'RETRY' }];
  if (s.matches('handingIn'))
    return [event({ type: 'xstate.done.actor.handIn', output: summaryOf('exam', 'DONE') }), event({ type: 'xstate.error.actor.handIn', error: OFFLINE })];
  if (s.matches('handInFailed')) return [{ type: 'RETRY' }, { type: 'ONLINE' }];
  if (!s.matches('answering')) return [];

  const practice = isPractice(s);
  const idle = s.matches({ answering: { sync: 'idle' } });
  const saving = s.matches({ answering: { sync: 'saving' } });
  const browsing = s.matches({ answering: { sheet: 'browsing' } });
  const list: EventObject[] = [];
  if (s.matches({ answering: { sync: 'waiting' } })) list.push({ type: DEBOUNCE });
  if (saving) {
    const batch = inFlight(s);
    const result: RecordSaveResult = {
      recordId: MODEL_RECORD,
      state: 'DOING',
      deadlineAt: c.deadlineAt,
      serverNow: OPENED_AT,
      stale: [],
      keys: practice ? keysFor(batch) : [],
    };
    const output: SavedBatch = { result, sent: batch, receivedAt: OPENED_AT };
    list.push(event({ type: 'xstate.done.actor.save', output }));
    if (practice) list.push(event({ type: 'xstate.error.actor.save', error: SEALED }));
    else list.push(event({ type: 'xstate.error.actor.save', error: OFFLINE }), event({ type: 'xstate.error.actor.save', error: HANDED_IN_ELSEWHERE }));
  }
  if (s.matches({ answering: { sync: 'retrying' } })) list.push({ type: BACKOFF }, { type: 'ONLINE' });
  if (!browsing) list.push({ type: 'CANCEL_HAND_IN' }, { type: 'CONFIRM_HAND_IN' });
  const q = c.items[c.current]!.question;
  const answer = c.answers[q.id]?.answer ?? [];
  const answerAgain = event({ type: 'ANSWER', questionId: q.id, answer: toggleOption(q.type, answer, answer[0] === 'A' ? 'B' : 'A') });
  if (browsing && idle && Object.keys(c.answers).length === 0 && Object.keys(c.refused).length === 0) list.push(answerAgain);
  if (browsing && !practice && saving && !answeredWhileSaving(s)) list.push(answerAgain);
  if (browsing && !practice && idle) list.push({ type: 'REQUEST_HAND_IN' }, { type: TICK });
  return list;
}

// The model's clock stands still while the paths are generated (answer versions, the countdown's last tick).
const realNow = Date.now;
Date.now = () => MODEL_NOW;
let generated: ReturnType<typeof chromiumPaths>;
try {
  generated = chromiumPaths({
    machine,
    input: { source: 'PAPER', sourceId: MODEL_PAPER, recordId: null, mode: 'EXAM' },
    events,
    // While a batch is out, an answer given meanwhile must stay unsent after the batch's answer.
    serializeState: (s) => JSON.stringify([s.value, answeredWhileSaving(s)]),
    coverage: 'transitions',
  });
} finally {
  Date.now = realNow;
}
const eventsOf = (p: (typeof generated)[number]) => JSON.stringify(p.steps.map((step) => step.event));
// One path to each state by each event that enters it (as forgotPassword); a path that is the start
// of another is run (and each of its states checked) inside that one, so it is not run alone.
const deduped = [...new Map(generated.map((p) => [`${JSON.stringify(p.state.value)} ${p.steps.at(-1)!.event.type}`, p])).values()];
export const paths = deduped.filter((p) => !deduped.some((other) => other !== p && eventsOf(other).startsWith(`${eventsOf(p).slice(0, -1)},`)));

/** Every state a snapshot is in, by its dotted path ('answering.sync.idle'). */
export function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => leaves(inner, `${prefix}${key}.`));
}
