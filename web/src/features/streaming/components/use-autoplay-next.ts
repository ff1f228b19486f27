import { useCallback, useState } from 'react';

/** The viewer's choice, kept per browser. */
const KEY = 'autoplay-next-video';

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    // Storage refused (a private window's quota): the option starts off.
    return false;
  }
}

/** "Autoplay next video": off until chosen, then remembered in this browser (localStorage). */
export function useAutoplayNext(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(stored);
  const choose = useCallback((value: boolean) => {
    setOn(value);
    try {
      if (value) localStorage.setItem(KEY, '1');
      else localStorage.removeItem(KEY);
    } catch {
      // Not remembered; the choice still holds on this page.
    }
  }, []);
  return [on, choose];
}
