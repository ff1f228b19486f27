/**
 * The DOM members the journeys' `evaluate` callbacks use, which run in the browser. The program has no
 * DOM library (the server is Node), and React's types (the mail templates, libs/mail/templates/)
 * declare an empty `Element` for such programs: these members fill it for the journeys.
 */
interface Element {
  readonly textContent: string | null;
  readonly outerHTML: string;
  readonly ownerDocument: { elementFromPoint(x: number, y: number): Element | null };
  querySelector(selectors: string): Element | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  contains(other: Element | null): boolean;
  checkVisibility(options?: { visibilityProperty?: boolean; opacityProperty?: boolean }): boolean;
}
