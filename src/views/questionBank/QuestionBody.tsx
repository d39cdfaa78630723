/**
 * One question on the answering screen: its number, type and marks, the case material of a
 * sub-question, the stem, and the input its type takes (options, blanks, a written answer). In
 * practice, once answered, the key and the explanation follow.
 */
import { useId } from 'react';
import type { SheetItem } from '../../domain/questionBank/answerSheet';
import { toggleOption } from '../../domain/questionBank/answerSheet';
import { QUESTION_TYPE_LABELS, type QuestionKey } from '../../domain/questionBank/contract';
import { MAX_ANSWER_TEXT } from '../../domain/questionBank/limits';
import { formatScore, isAnswered, scoreAnswer } from '../../domain/questionBank/scoring';

const VERDICT_TEXT = { CORRECT: '回答正确', PARTIAL: '部分正确', WRONG: '回答错误', UNANSWERED: '未作答', SUBJECTIVE: '请对照参考答案自查' } as const;

export function QuestionBody(props: {
  item: SheetItem;
  answer: readonly string[];
  flagged: boolean;
  /** Practice: the key once the answer was judged. */
  answerKey: QuestionKey | undefined;
  onAnswer: (answer: string[]) => void;
  onToggleFlag: () => void;
}) {
  const { item, answer, flagged, answerKey, onAnswer, onToggleFlag } = props;
  const { question, parent } = item;
  const stemId = useId();
  const multi = question.type === 'MULTIPLE' || question.type === 'INDEFINITE';
  const verdict = answerKey ? scoreAnswer(question.type, answerKey.answer, answer, question.scoreTenths).verdict : null;
  return (
    <article className="xt-answer__question" aria-labelledby={stemId}>
      {parent && (
        <section className="xt-answer__case" aria-label="案例材料">
          <p className="xt-answer__case-title">
            第{parent.no}题 · {QUESTION_TYPE_LABELS.CASE}（材料）
          </p>
          <p className="xt-answer__case-stem">{parent.stem}</p>
        </section>
      )}
      <header className="xt-answer__question-head">
        <span className="xt-answer__no">第{item.label}题</span>
        <span className="xt-answer__type">{QUESTION_TYPE_LABELS[question.type]}</span>
        <span className="xt-answer__score">{formatScore(question.scoreTenths)}分</span>
        <button type="button" className="xt-answer__flag" aria-pressed={flagged} onClick={onToggleFlag}>
          {flagged ? '已标记' : '标记本题'}
        </button>
      </header>
      <p className="xt-answer__stem" id={stemId}>
        {question.stem}
      </p>

      {question.options.length > 0 && (
        <div className="xt-answer__options" role={multi ? 'group' : 'radiogroup'} aria-labelledby={stemId}>
          {question.options.map((option, i) => {
            const chosen = answer.includes(option.key);
            return (
              <button
                key={option.key}
                type="button"
                role={multi ? 'checkbox' : 'radio'}
                aria-checked={chosen}
                className={`xt-answer__option${chosen ? ' xt-answer__option--chosen' : ''}`}
                onClick={() => onAnswer(toggleOption(question.type, answer, option.key))}
              >
                <span className="xt-answer__option-key" aria-hidden="true">
                  {option.key}
                </span>
                <span>{option.text}</span>
                <span className="xt-sr-only">（按数字键{i + 1}选择）</span>
              </button>
            );
          })}
        </div>
      )}

      {question.type === 'FILL' && (
        <div className="xt-answer__blanks">
          {Array.from({ length: question.blanks }, (_, i) => (
            <label key={i} className="xt-answer__blank">
              <span>第{i + 1}空</span>
              <input
                className="xt-answer__input"
                value={answer[i] ?? ''}
                maxLength={200}
                onChange={(e) => {
                  const next = Array.from({ length: question.blanks }, (_, j) => answer[j] ?? '');
                  next[i] = e.target.value;
                  onAnswer(next);
                }}
              />
            </label>
          ))}
        </div>
      )}

      {(question.type === 'SHORT_ANSWER' || (question.type === 'CASE' && question.options.length === 0)) && (
        <label className="xt-answer__written">
          <span>作答区</span>
          <textarea className="xt-answer__input" rows={8} maxLength={MAX_ANSWER_TEXT} value={answer[0] ?? ''} onChange={(e) => onAnswer([e.target.value])} />
          <span className="xt-answer__count">
            {(answer[0] ?? '').length}/{MAX_ANSWER_TEXT}
          </span>
        </label>
      )}

      {answerKey && isAnswered(answer) && verdict && (
        <section className={`xt-answer__key xt-answer__key--${verdict.toLowerCase()}`} aria-live="polite" aria-label="答案解析">
          <p className="xt-answer__verdict">{VERDICT_TEXT[verdict]}</p>
          <p>
            参考答案：<strong>{answerKey.answer.join(question.type === 'FILL' ? '；' : '')}</strong>
          </p>
          <p className="xt-answer__analysis">{answerKey.analysis}</p>
        </section>
      )}
    </article>
  );
}
