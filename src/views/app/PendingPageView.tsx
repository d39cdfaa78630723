import type { RouteViewProps } from '../../routeTypes';
import { usePageTitle } from '../shared/usePageTitle';

/** A plain titled page for routes whose screens arrive with a later issue. */
export default function PendingPageView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  return (
    <section className="xt-titled">
      <h1>{route.title}</h1>
    </section>
  );
}
