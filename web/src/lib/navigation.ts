/**
 * Lets code outside React (the base query) navigate with the app's router; the router registers itself
 * at start-up. Until then a full page load is the fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function registerNavigate(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigate(to, options);
}

export function currentPath(): string {
  return window.location.pathname;
}
