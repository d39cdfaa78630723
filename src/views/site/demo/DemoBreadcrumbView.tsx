/** /demo-components/breadcrumb: the shared breadcrumb (shared/Breadcrumb.tsx) with a short path, a long name and one item. */
import { DEMO_TEXTS } from '../../../domain/site/demoComponents.texts';
import { Breadcrumb } from '../../shared/Breadcrumb';
import { DemoPage, DemoSection } from './DemoPage';
import { BREADCRUMB_LONG, BREADCRUMB_SHORT, BREADCRUMB_SINGLE } from './demoFixtures';
import type { RouteViewProps } from '../../../routeTypes';

const T = DEMO_TEXTS.breadcrumb;

export default function DemoBreadcrumbView({ route }: RouteViewProps) {
  return (
    <DemoPage title={T.title} routeTitle={route.title}>
      <DemoSection text={T.short} testId="demo-breadcrumb-short">
        <Breadcrumb items={BREADCRUMB_SHORT} />
      </DemoSection>
      <DemoSection text={T.long} testId="demo-breadcrumb-long">
        <Breadcrumb items={BREADCRUMB_LONG} />
      </DemoSection>
      <DemoSection text={T.single} testId="demo-breadcrumb-single">
        <Breadcrumb items={BREADCRUMB_SINGLE} />
      </DemoSection>
    </DemoPage>
  );
}
