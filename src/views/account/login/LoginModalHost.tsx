import { lazy, Suspense } from 'react';
import { useLoginModalOpen } from '../../../app/AppContext';

// The modal, its forms, machines and styles load on the first open: none of it is in the
// initial JS of any page (the home page's budget has no room for it).
const LoginModal = lazy(() => import('./LoginModal'));

/** Mounted once in the app shell; renders the login modal while `openLoginModal()` has it open. */
export function LoginModalHost() {
  const open = useLoginModalOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}
