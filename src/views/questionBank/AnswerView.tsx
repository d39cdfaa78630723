/**
 * The answering screen, run by the `exam` statechart, for a paper (AnswerView) and for practice of a
 * section, the wrong book or favourites (PracticeRecordView). The screen always says whether every
 * answer is saved; number keys choose options and the arrow keys move.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useFlow } from '../../app/AppContext';
import { refusedLines, unansweredLabels } from '../../domain/questionBank/answerSheet';
import { formatCountdown } from '../../domain/shared/countdown';
import { EXAM_TEXTS } from '../../domain/questionBank/examTexts';
import { toggleOption } from '../../domain/questionBank/answerSheet';
import type { RecordSummary } from '../../domain/questionBank/contract';
import { examMachine, type ExamInput } from '../../machines/questionBank/exam.machine';
import { paths } from '../../paths';
import { usePageTitle } from '../shared/usePageTitle';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { AnswerSheet } from './AnswerSheet';
import { ExamCalculator } from './ExamCalculator';
import { QuestionBody } from './QuestionBody';
import '../shared/dialog.css';
import './questionBank.css';

const OPTION_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** Where a hand-in leads: written answers to mark first, else the record's report. */
export type AfterHandIn = (result: RecordSummary) => string;

/** `back`: where 返回 leads (the answers are saved; an exam's time keeps running on the server). */
export function AnswerScreen({ input, after, back }: { input: ExamInput; after: AfterHandIn; back: string }) {
  const [, navigate] = useLocation();
  const [state, send] = useFlow(examMachine, { input });
  const [calculator, setCalculator] = useState(false);
  const { context } = state;
  usePageTitle(context.name || '在线答题');

  // Back online: send what waits at once instead of at the next retry.
  useEffect(() => {
    const online = () => send({ type: 'ONLINE' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [send]);

  const result = state.matches('handedIn') ? context.result : null;
  useEffect(() => {
    if (result) navigate(result.state === 'MARKING' ? paths.paperMark(result.id) : after(result), { replace: true });
  }, [result, navigate, after]);

  const item = context.items[context.current];
  const entry = item ? context.answers[item.question.id] : undefined;

  // Not behind the hand-in confirmation: a number key there would change an answer the dialog has just listed.
  useEffect(() => {
    if (!state.matches({ answering: { sheet: 'browsing' } }) || !item) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight' || event.key === 'ArrowDown') send({ type: 'NEXT' });
      else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') send({ type: 'PREV' });
      else {
        const option = item.question.options[OPTION_KEYS.indexOf(event.key)];
        if (!option) return;
        send({ type: 'ANSWER', questionId: item.question.id, answer: toggleOption(item.question.type, entry?.answer ?? [], option.key) });
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state, item, entry, send]);

  if (state.matches('loading') || state.matches('handedIn')) {
    return (
      <main className="xt-answer xt-answer--loading" aria-busy="true">
        <p role="status">{state.matches('handedIn') ? '已交卷，正在打开成绩…' : '试卷加载中…'}</p>
      </main>
    );
  }
  if (state.matches('loadFailed')) {
    return (
      <main className="xt-answer xt-answer--loading">
        <p role="alert">{context.loadError}</p>
        <button type="button" className="xt-btn xt-btn--primary" onClick={() => send({ type: 'RETRY' })}>
          重新加载
        </button>
      </main>
    );
  }

  const unsent = Object.keys(context.unsent).length;
  const refused = refusedLines(context.items, context.refused);
  const refusedCount = Object.keys(context.refused).length;
  const saving = state.matches({ answering: { sync: 'saving' } });
  const saveText =
    unsent > 0
      ? context.offline
        ? EXAM_TEXTS.offlinePending(unsent)
        : saving && context.failures === 0
          ? EXAM_TEXTS.saving
          : EXAM_TEXTS.unsaved(unsent)
      : refusedCount > 0
        ? EXAM_TEXTS.notAccepted(refusedCount)
        : EXAM_TEXTS.allSaved;
  const unanswered = unansweredLabels(context.items, context.answers);
  const handingIn = state.matches('handingIn');

  return (
    <main className="xt-answer">
      <header className="xt-answer__bar" data-keep-clear>
        <Link href={back} className="xt-answer__back">
          返回
        </Link>
        <h1 className="xt-answer__title">{context.name}</h1>
        <span className="xt-answer__mode">{context.mode === 'EXAM' ? '考试模式' : '练习模式'}</span>
        {context.remaining !== null && (
          <span className={`xt-answer__timer${context.remaining < 300 ? ' xt-answer__timer--low' : ''}`} role="timer" aria-label="剩余时间">
            {formatCountdown(context.remaining)}
          </span>
        )}
        <span className={`xt-answer__saved${unsent + refusedCount > 0 ? ' xt-answer__saved--pending' : ''}`} role="status">
          {saveText}
        </span>
        <button type="button" className="xt-btn" aria-pressed={calculator} onClick={() => setCalculator((open) => !open)}>
          计算器
        </button>
        <button type="button" className="xt-btn xt-btn--primary" onClick={() => send({ type: 'REQUEST_HAND_IN' })} disabled={!state.matches('answering')}>
          交卷
        </button>
      </header>
      {!context.durable && <p className="xt-answer__warn">{EXAM_TEXTS.notDurable}</p>}
      {refused.map((line) => (
        <p key={line} className="xt-answer__warn" role="alert">
          {line}
        </p>
      ))}
      {context.closedReason && <p className="xt-answer__warn">{context.closedReason}</p>}

      <div className="xt-answer__body">
        <section className="xt-answer__main">
          {item && (
            <QuestionBody
              key={item.question.id}
              item={item}
              answer={entry?.answer ?? []}
              flagged={entry?.flagged ?? false}
              answerKey={context.mode === 'PRACTICE' ? context.keys[item.question.id] : undefined}
              onAnswer={(answer) => send({ type: 'ANSWER', questionId: item.question.id, answer })}
              onToggleFlag={() => send({ type: 'TOGGLE_FLAG', questionId: item.question.id })}
            />
          )}
          <nav className="xt-answer__nav" aria-label="切换题目">
            <button type="button" className="xt-btn" onClick={() => send({ type: 'PREV' })} disabled={context.current === 0}>
              上一题
            </button>
            <span>
              {context.current + 1} / {context.items.length}
            </span>
            <button type="button" className="xt-btn" onClick={() => send({ type: 'NEXT' })} disabled={context.current >= context.items.length - 1}>
              下一题
            </button>
          </nav>
        </section>
        <aside className="xt-answer__aside">
          <AnswerSheet items={context.items} answers={context.answers} current={context.current} onGo={(index) => send({ type: 'GO', index })} />
          {calculator && <ExamCalculator onClose={() => setCalculator(false)} />}
        </aside>
      </div>

      {state.matches({ answering: { sheet: 'confirming' } }) && (
        <ConfirmDialog
          title={EXAM_TEXTS.confirmTitle}
          confirmLabel="确认交卷"
          cancelLabel="继续作答"
          onConfirm={() => send({ type: 'CONFIRM_HAND_IN' })}
          onCancel={() => send({ type: 'CANCEL_HAND_IN' })}
        >
          <p>{unanswered.length === 0 ? EXAM_TEXTS.confirmAllAnswered : EXAM_TEXTS.confirmUnanswered(unanswered)}</p>
        </ConfirmDialog>
      )}
      {handingIn && (
        <div className="xt-overlay" role="status">
          <p className="xt-answer__overlay-text">正在交卷…</p>
        </div>
      )}
      {state.matches('handInFailed') && (
        <div className="xt-overlay" role="alertdialog" aria-labelledby="xt-handin-failed">
          <div className="xt-dialog">
            <p id="xt-handin-failed">{context.handInError}</p>
            <button type="button" className="xt-btn xt-btn--primary" onClick={() => send({ type: 'RETRY' })}>
              重新交卷
            </button>
          </div>
        </div>
      )}
    </main>
  );
}
