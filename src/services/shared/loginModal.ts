/**
 * Whether the login modal is open: a tiny store with no React or Fluent imports, so any page (the
 * header's 登录 button, later a course's 购买 button) can open it without loading the modal's code.
 * The modal host in the app shell subscribes and loads the modal on first open.
 */
type Listener = () => void;

let open = false;
let waiting: Array<(loggedIn: boolean) => void> = [];
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Opens the modal; resolves true once the user has logged in through it, false when it was closed. */
export function openLoginModal(): Promise<boolean> {
  const done = new Promise<boolean>((resolve) => waiting.push(resolve));
  if (!open) {
    open = true;
    notify();
  }
  return done;
}

export function closeLoginModal(loggedIn = false): void {
  if (!open) return;
  open = false;
  const resolvers = waiting;
  waiting = [];
  for (const resolve of resolvers) resolve(loggedIn);
  notify();
}

export function isLoginModalOpen(): boolean {
  return open;
}

export function subscribeLoginModal(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
