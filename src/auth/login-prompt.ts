// The login prompt (spec 1 §8): a request that failed with an expired session asks for a sign-in and waits. All
// concurrent callers share one prompt; confirm resolves true (the request is retried), cancel resolves false.
type Listener = () => void;
let pending: Promise<boolean> | null = null;
let resolvePending: ((ok: boolean) => void) | null = null;
const listeners = new Set<Listener>();
const emit = () => { for (const l of listeners) l(); };

export function subscribeLoginPrompt(l: Listener): () => void { listeners.add(l); return () => { listeners.delete(l); }; }
export function isLoginPromptOpen(): boolean { return pending !== null; }

export function requestLogin(): Promise<boolean> {
  if (!pending) {
    pending = new Promise<boolean>((resolve) => { resolvePending = resolve; });
    emit();
  }
  return pending;
}

/** Called by the login dialog: true after a successful sign-in, false on cancel. */
export function finishLoginPrompt(ok: boolean): void {
  const r = resolvePending;
  pending = null;
  resolvePending = null;
  emit();
  r?.(ok);
}
