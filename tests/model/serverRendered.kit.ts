/**
 * For the model tests of the pages the server renders with their data (serverRendered.model.test.tsx):
 * the data script the server writes into the HTML, a log of every request a page makes, and a second
 * document (the modules started afresh over another data script) for a key the first one already
 * answers.
 */
import type { SetupServer } from 'msw/node';
import { vi } from 'vitest';
import { SERVER_DATA_ELEMENT_ID, type ServerPageData } from '../../src/domain/shared/serverPage';

/**
 * Writes the page's data as the server does (`<script type="application/json" id="xt-page-data">`),
 * or replaces it. The app reads it once per module instance (src/services/shared/serverData.ts), on
 * a machine's first start: write it before any suite generates paths from a machine.
 */
export function writeServerData(entries: readonly ServerPageData[]): void {
  let script = document.getElementById(SERVER_DATA_ELEMENT_ID);
  if (!script) {
    script = document.createElement('script');
    script.setAttribute('type', 'application/json');
    script.id = SERVER_DATA_ELEMENT_ID;
    document.body.append(script);
  }
  script.textContent = JSON.stringify(entries);
}

/** Every request the page makes, as `METHOD /path`, in order; `clear` before each path. */
export function requestLog(server: SetupServer): { list: () => string[]; clear: () => void } {
  let seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return { list: () => [...seen], clear: () => (seen = []) };
}

/**
 * A second document whose server data is `entries`: a document reads its data once, so a page the
 * first one already holds under the same key (the home page, the teacher page: one key each) is
 * rendered with other data only by modules started afresh, as a new page load starts them. The
 * script is replaced, the module registry cleared, and the home and teacher pages imported anew
 * with what renders them (the kit's router and session, the toasts), all of one fresh instance.
 * The modules imported before keep the data they already read.
 */
export async function secondDocument(entries: readonly ServerPageData[]) {
  writeServerData(entries);
  vi.resetModules();
  const [{ homePageMachine }, { teacherPageMachine }, { default: HomeView }, { default: TeacherView }, { renderRouted }, { dismissAllToasts }] =
    await Promise.all([
      import('../../src/machines/site/homePage.machine'),
      import('../../src/machines/catalog/teacherPage.machine'),
      import('../../src/views/site/home/HomeView'),
      import('../../src/views/catalog/teacher/TeacherView'),
      import('./catalogSite.kit'),
      import('../../src/services/shared/toast'),
    ]);
  return { homePageMachine, teacherPageMachine, HomeView, TeacherView, renderRouted, dismissAllToasts };
}
