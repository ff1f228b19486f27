/**
 * A text link or small control a finger can hit: at least 44x44 px (WCAG 2.5.5) by its own box, the
 * text keeping its size (breadcrumbs, "Back to" links).
 */
export const TAP_TARGET = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  minWidth: 44,
} as const;
