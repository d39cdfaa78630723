/** A small toast store: the HTTP client and machines push messages, the shell renders them. */
import { TOAST_DURATION_MS } from '../../domain/shared/constants';

export type ToastIntent = 'error' | 'success' | 'info' | 'warning';
export interface Toast {
  id: number;
  message: string;
  intent: ToastIntent;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(message: string, intent: ToastIntent = 'error', durationMs: number = TOAST_DURATION_MS): number {
  const id = nextId++;
  // The same text twice in a row (e.g. parallel calls failing together) is shown once.
  if (toasts.some((t) => t.message === message)) return id;
  toasts = [...toasts, { id, message, intent }];
  emit();
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function dismissToast(id: number): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

/** Clears every toast (tests, and pages that replace the whole screen). */
export function dismissAllToasts(): void {
  if (toasts.length === 0) return;
  toasts = [];
  emit();
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
