/**
 * Two fixed lines at the foot of the page (fixed: they move nothing when they come): the browser is
 * offline, or a new version of the site waits. The new version is offered where reloading is safe,
 * never on an answering page (holdsUpdate): it waits there until the student leaves. The lines
 * themselves are a chunk of their own, loaded the first time one shows. Loaded after the page,
 * this component also registers the offline shell's service worker.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { installOfflineShellOnce, useOnline, useUpdateWaiting } from '../../app/networkHooks';
import { holdsUpdate } from '../../domain/shared/offline';
import type { NetworkBannerProps } from './NetworkBanner';

// The worker precaches it (scripts/build/offlineShell.ts). Without a worker (blocked, private
// windows) a page gone offline before it loaded shows no line rather than failing.
const NetworkBanner = lazy<ComponentType<NetworkBannerProps>>(() => import('./NetworkBanner').catch(() => ({ default: () => null })));

export default function NetworkNotices({ offlineLine }: { offlineLine: boolean }) {
  // Every layout renders this line: it registers the worker that keeps the site working offline.
  useEffect(installOfflineShellOnce, []);
  const offline = !useOnline() && offlineLine;
  const waiting = useUpdateWaiting();
  const [location] = useLocation();
  const [later, setLater] = useState(false);
  const offerUpdate = waiting && !later && !holdsUpdate(location);
  if (!offline && !offerUpdate) return null;
  return (
    <Suspense fallback={null}>
      <NetworkBanner offline={offline} offerUpdate={offerUpdate} onLater={() => setLater(true)} />
    </Suspense>
  );
}
