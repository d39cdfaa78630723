/** The answer sheet (答题卡): every question as a button showing answered, flagged and current. */
import type { SheetItem } from '../../domain/questionBank/answerSheet';
import type { AnswerEntry } from '../../domain/questionBank/contract';
import { isAnswered } from '../../domain/questionBank/scoring';

export function AnswerSheet(props: {
  items: readonly SheetItem[];
  answers: Readonly<Record<number, AnswerEntry>>;
  current: number;
  onGo: (index: number) => void;
}) {
  const { items, answers, current, onGo } = props;
  const answered = items.filter((item) => isAnswered(answers[item.question.id]?.answer ?? [])).length;
  return (
    <nav className="xt-answer__sheet" aria-label="答题卡" data-keep-clear>
      <p className="xt-answer__sheet-head">
        答题卡 <span>{answered}</span>/{items.length}
      </p>
      <ol className="xt-answer__grid">
        {items.map((item, i) => {
          const entry = answers[item.question.id];
          const done = isAnswered(entry?.answer ?? []);
          const flagged = entry?.flagged ?? false;
          const state = [done ? '已作答' : '未作答', flagged ? '已标记' : ''].filter(Boolean).join('，');
          return (
            <li key={item.question.id}>
              <button
                type="button"
                className={['xt-answer__cell', done && 'xt-answer__cell--done', flagged && 'xt-answer__cell--flagged'].filter(Boolean).join(' ')}
                aria-current={i === current ? 'step' : undefined}
                aria-label={`第${item.label}题，${state}`}
                onClick={() => onGo(i)}
              >
                {item.label}
              </button>
            </li>
          );
        })}
      </ol>
      <p className="xt-answer__legend">
        <span className="xt-answer__legend-done">已作答</span>
        <span className="xt-answer__legend-flagged">已标记</span>
        <span className="xt-answer__legend-todo">未作答</span>
      </p>
    </nav>
  );
}
