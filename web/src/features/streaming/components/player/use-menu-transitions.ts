import { useEffect } from 'react';

/**
 * Vidstack marks a menu whose height is changing with `data-transition="height"`, which makes it ignore
 * the pointer, and clears the mark on the height transition's `transitionend`. A menu closed while its
 * height still changes (Escape right after leaving a submenu) gets `transitioncancel` instead, which
 * Vidstack does not hear: the mark stayed, and the next time the menu opened without a change of height
 * it showed its items but let every tap through to the page below (a phone's settings sheet lies over
 * the chapter list). A cancelled height transition of a menu is told to Vidstack as ended.
 */
export function useMenuTransitionsEnd(): void {
  useEffect(() => {
    const onCancel = (event: TransitionEvent) => {
      const menu = event.target;
      if (!(menu instanceof HTMLElement) || event.propertyName !== 'height') return;
      if (!menu.classList.contains('vds-menu-items') || !menu.hasAttribute('data-transition')) return;
      menu.dispatchEvent(new TransitionEvent('transitionend', { propertyName: 'height', bubbles: true }));
    };
    // The menus may be portaled out of the player (a phone's settings sheet): the whole document listens.
    document.addEventListener('transitioncancel', onCancel, true);
    return () => document.removeEventListener('transitioncancel', onCancel, true);
  }, []);
}
