import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the app takes over a server-rendered page (hydration), true from
 * then on (and at once on a page the app renders itself). What only the browser can know (the
 * stored user's name, online or not) waits for it, so the app's first render equals the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
