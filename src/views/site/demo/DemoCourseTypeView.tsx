/** /demo-components/course-type: the shared course card (shared/CourseCard.tsx) for every course type and price state. */
import { COURSE_TYPES, COURSE_TYPE_LABELS } from '../../../domain/catalog/contract';
import { DEMO_TEXTS } from '../../../domain/site/demoComponents.texts';
import { CourseCard } from '../../shared/CourseCard';
import { DemoPage, DemoSection } from './DemoPage';
import { COURSES_BY_PRICE, COURSES_BY_TYPE } from './demoFixtures';
import type { RouteViewProps } from '../../../routeTypes';

const T = DEMO_TEXTS.courseType;
const PRICE_CAPTIONS = [T.free, T.paid, T.discounted] as const;

export default function DemoCourseTypeView({ route }: RouteViewProps) {
  return (
    <DemoPage title={T.title} routeTitle={route.title}>
      <DemoSection text={T.types} testId="demo-course-types">
        <div className="xt-demo__cards">
          {COURSE_TYPES.map((type) => (
            <figure key={type} className="xt-demo__card" data-course-type={type}>
              <CourseCard course={COURSES_BY_TYPE[type]} />
              <figcaption className="xt-demo__caption">{COURSE_TYPE_LABELS[type]}</figcaption>
            </figure>
          ))}
        </div>
      </DemoSection>
      <DemoSection text={T.prices} testId="demo-course-prices">
        <div className="xt-demo__cards">
          {COURSES_BY_PRICE.map((course, i) => (
            <figure key={course.id} className="xt-demo__card">
              <CourseCard course={course} />
              <figcaption className="xt-demo__caption">{PRICE_CAPTIONS[i]}</figcaption>
            </figure>
          ))}
        </div>
      </DemoSection>
    </DemoPage>
  );
}
