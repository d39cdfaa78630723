import { Link } from 'wouter';
import type { SectionNode } from '../../../domain/questionBank/contract';
import { QB_HOME_TEXTS as T } from '../../../domain/questionBank/home.texts';
import { paths } from '../../../paths';

/** 章节练习: the chapters and their sections with question and done counts; a leaf starts a practice. */
export function SectionTree({ sections, level = 1 }: { sections: readonly SectionNode[]; level?: number }) {
  return (
    <ul className={level === 1 ? 'xt-qbhome__sections' : 'xt-qbhome__sections xt-qbhome__sections--nested'}>
      {sections.map((section) => (
        <li key={section.id} data-testid="qb-section">
          <div className="xt-qbhome__section">
            <span className={level === 1 ? 'xt-qbhome__section-name xt-qbhome__section-name--chapter' : 'xt-qbhome__section-name'}>{section.name}</span>
            <span className="xt-qbhome__section-count">{T.sectionCount(section.doneCount, section.questionCount)}</span>
            {section.children.length === 0 && section.questionCount > 0 && (
              <Link href={paths.practiceRecord('section', section.id)} className="xt-btn xt-btn--primary" aria-label={`${T.startPractice}：${section.name}`}>
                {T.startPractice}
              </Link>
            )}
          </div>
          {section.children.length > 0 && <SectionTree sections={section.children} level={level + 1} />}
        </li>
      ))}
    </ul>
  );
}
