import { type ReactNode, useDeferredValue } from 'react';

/**
 * Renders its children one step later, in a transition React splits into short tasks: the first screen
 * (image, name, price, Add to Cart) paints without waiting for the sections below it, and the main
 * thread is never blocked long (Lighthouse total blocking time).
 */
export function Later({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
