// Navigation outside React (request rules, socket events): the router registers its navigate function here.
type Navigate = (to: string, opts?: { replace?: boolean }) => void;
let navigateFn: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void { navigateFn = fn; }

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (navigateFn) navigateFn(to, opts);
  else if (globalThis.location) globalThis.location.assign(to);
}
