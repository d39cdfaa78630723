/** Pieces the analysis pages share: the options with the key marked, the key and explanation, the question's tools. */
import type { QuestionKey, QuestionView } from '../../../domain/questionBank/contract';
import { answerText } from '../../../domain/questionBank/report';
import { REPORT_TEXTS } from '../../../domain/questionBank/report.texts';

/** The options, the key's marked right and a chosen wrong one marked wrong, in words as well as colour. */
export function KeyedOptions({ question, answerKey, chosen }: { question: QuestionView; answerKey: QuestionKey; chosen: readonly string[] | null }) {
  if (question.options.length === 0) return null;
  return (
    <ul className="xt-report__options">
      {question.options.map((option) => {
        const right = answerKey.answer.includes(option.key);
        const picked = chosen?.includes(option.key) ?? false;
        const modifier = right ? ' xt-report__option--right' : picked ? ' xt-report__option--wrong' : '';
        return (
          <li key={option.key} className={`xt-report__option${modifier}`}>
            <span className="xt-report__option-key">{option.key}</span>
            <span>{option.text}</span>
            {right && <span className="xt-report__tag">正确答案</span>}
            {picked && <span className="xt-report__tag">{right ? '你的选择' : '你的选择（错误）'}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** 参考答案 and 解析 (and the student's answer when there is one). */
export function KeyBlock({ question, answerKey, answer }: { question: QuestionView; answerKey: QuestionKey; answer: readonly string[] | null }) {
  const written = question.options.length === 0 && question.type !== 'FILL';
  return (
    <dl className="xt-report__key-block">
      {answer !== null && (
        <div>
          <dt>{REPORT_TEXTS.yourAnswer}</dt>
          <dd className={written ? 'xt-report__pre' : undefined}>{answerText(question.type, answer) || REPORT_TEXTS.noAnswer}</dd>
        </div>
      )}
      <div>
        <dt>{REPORT_TEXTS.referenceAnswer}</dt>
        <dd className={`xt-report__key${written ? ' xt-report__pre' : ''}`}>{answerText(question.type, answerKey.answer)}</dd>
      </div>
      {answerKey.analysis && (
        <div>
          <dt>{REPORT_TEXTS.explanation}</dt>
          <dd className="xt-report__pre">{answerKey.analysis}</dd>
        </div>
      )}
    </dl>
  );
}

/** 收藏 (a toggle) and 纠错 of one question. */
export function QuestionTools(props: { favorite: boolean; saving: boolean; onToggleFavorite: () => void; onFeedback: () => void }) {
  const { favorite, saving, onToggleFavorite, onFeedback } = props;
  return (
    <span className="xt-report__tools">
      <button type="button" className="xt-report__chip" aria-pressed={favorite} disabled={saving} onClick={onToggleFavorite}>
        {favorite ? `★ ${REPORT_TEXTS.favorited}` : `☆ ${REPORT_TEXTS.favorite}`}
      </button>
      <button type="button" className="xt-report__chip" onClick={onFeedback}>
        {REPORT_TEXTS.feedback}
      </button>
    </span>
  );
}
