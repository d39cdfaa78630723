import { Link } from 'wouter';
import { COURSE_TYPE_LABELS, type CourseListItem } from '../../domain/catalog/contract';
import { formatCents } from '../../domain/shared/format';
import { paths } from '../../paths';
import './courseCard.css';

/** Covers are 16:9 (480×270); the box keeps that ratio before the image arrives. */
const COVER_SIZE = { width: 480, height: 270 } as const;

/**
 * `eager`: a card of the first screen, whose cover should not wait for the lazy-loading heuristics.
 * `priority`: the first card, whose cover is the page's largest paint on a phone: fetched first.
 */
export function CourseCard({ course, eager = false, priority = false }: { course: CourseListItem; eager?: boolean; priority?: boolean }) {
  return (
    <Link href={paths.courseDetail(course.id)} className="xt-course-card" data-testid="course-card">
      <img
        className="xt-course-card__cover"
        src={course.cover}
        alt=""
        loading={eager || priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        width={COVER_SIZE.width}
        height={COVER_SIZE.height}
      />
      <div className="xt-course-card__body">
        <div className="xt-course-card__title">{course.title}</div>
        <div className="xt-course-card__meta">
          <span className="xt-course-card__tag">{COURSE_TYPE_LABELS[course.type]}</span>
          <span>{course.projectName}</span>
          {course.lessonCount > 0 && <span>{course.lessonCount} 课时</span>}
        </div>
        <div className="xt-course-card__foot">
          <span>
            {course.priceCents > 0 ? <span className="xt-price">{formatCents(course.priceCents)}</span> : <span className="xt-price xt-price--free">免费</span>}
            {course.originalPriceCents !== null && course.originalPriceCents > course.priceCents && (
              <span className="xt-price xt-price--original">{formatCents(course.originalPriceCents)}</span>
            )}
          </span>
          <span className="xt-course-card__sales">{course.salesCount} 人已学</span>
        </div>
      </div>
    </Link>
  );
}
