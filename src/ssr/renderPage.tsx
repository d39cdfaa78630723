/**
 * The server's renderer (issue 23): the app's own views rendered to HTML with the page's data, so
 * a public page's HTML carries what it says (title, price, catalogue, teachers) before any script
 * runs. Built by the SPA build into dist/.ssr/ (scripts/build/ssrBundle.ts) and loaded
 * by the server (server/plugins/serverPages.ts), which loads the data with the domain's recipes and
 * writes it into the page too; the app then hydrates this HTML with the same data
 * (src/services/shared/serverData.ts). Node only: it is never part of the browser bundle.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { createActor } from 'xstate';
import { App } from '../app/App';
import { authSessionLogic } from '../app/authSession';
import type { RenderPage, RenderRequest, ServerPageData } from '../domain/shared/serverPage';
import { SPA_BASE } from '../paths';
import { provideServerData } from '../services/shared/serverData';

const BASE = SPA_BASE;

/** The session as the server sees it: the cookie is there or not; nothing is asked or stored. */
function serverSession(request: RenderRequest) {
  const never = () => new Promise<never>(() => {});
  const logic = authSessionLogic({ navigate: () => {}, currentPath: () => request.path, checkStatus: never, fetchUserInfo: never, logout: never });
  // Not started: the views read its first state only.
  return createActor(logic, { input: { token: request.loggedIn ? 'server' : null, user: null, userInfoFresh: true } });
}

let current: readonly ServerPageData[] = [];
provideServerData(() => current);

async function renderOne(request: RenderRequest): Promise<string> {
  current = request.data;
  try {
    const app = <App session={serverSession(request)} base={BASE} ssrPath={`${BASE}${request.path}`} ssrSearch={request.search} />;
    // prerender waits for the lazy views (the route's own chunk), so the page is whole. Never in
    // parts: React would send a large boundary after its fallback with an inline script to swap it
    // in, which the pages' Content-Security-Policy refuses (and a crawler does not run).
    const { prelude } = await prerenderToNodeStream(app, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
    const chunks: Buffer[] = [];
    for await (const chunk of prelude as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    current = [];
  }
}

/**
 * One page at a time: the machines read the page's data from module state while React renders,
 * and a render may wait for a view's code. After the first visit of each route a render takes a
 * few milliseconds.
 */
let queue: Promise<unknown> = Promise.resolve();
export const renderPage: RenderPage = (request) => {
  const result = queue.then(() => renderOne(request));
  queue = result.catch(() => {});
  return result;
};
