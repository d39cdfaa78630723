/**
 * The data the server rendered this page with (src/domain/shared/serverPage.ts): read once from the
 * HTML's `<script type="application/json" id="xt-page-data">`, and looked up by the page's machine
 * when it starts, so its first state is the server's `loaded` and hydration changes nothing. It
 * describes the document's first page only: once the app navigates (a link, back/forward) it is
 * gone, and pages load as always. On the server the renderer provides the request's data instead.
 */
import { SERVER_DATA_ELEMENT_ID, type ServerPageData } from '../../domain/shared/serverPage';

let entries: readonly ServerPageData[] | undefined;
let provider: (() => readonly ServerPageData[]) | null = null;

/** The server's renderer (src/ssr) names the page it is rendering. */
export function provideServerData(get: () => readonly ServerPageData[]): void {
  provider = get;
}

function forget(): void {
  entries = [];
  window.removeEventListener('popstate', forget);
  // wouter announces its own pushState as an event of that name (it patches history).
  window.removeEventListener('pushState', forget);
}

function read(): readonly ServerPageData[] {
  if (provider) return provider();
  if (entries !== undefined) return entries;
  entries = [];
  const element = typeof document === 'undefined' ? null : document.getElementById(SERVER_DATA_ELEMENT_ID);
  if (!element?.textContent) return entries;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    entries = Array.isArray(parsed) ? (parsed as ServerPageData[]) : [];
  } catch {
    return entries;
  }
  window.addEventListener('popstate', forget);
  window.addEventListener('pushState', forget);
  return entries;
}

/** The page's server data when this document was rendered for `key`; undefined otherwise. */
export function serverData<T>(key: string): { data: T } | undefined {
  const found = read().find((entry) => entry.key === key);
  return found ? { data: found.data as T } : undefined;
}
