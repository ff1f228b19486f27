import { useCallback, useEffect, useRef, useState } from 'react';
import { STALL_MESSAGE_SECONDS } from '@contracts/streaming';

/**
 * Tells a real stall: the media waits for data while it should play. The player's own buffering
 * indicator shows at once; past STALL_MESSAGE_SECONDS the page says so, with a retry. Any progress
 * (a time update while playing), a pause or a new source clears it.
 */
export function useStall() {
  const [stalled, setStalled] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    setStalled(false);
  }, []);

  /** The media waits for data (the `waiting` event, or a load that has not given a frame yet). */
  const onWaiting = useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => setStalled(true), STALL_MESSAGE_SECONDS * 1000);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { stalled, onWaiting, onProgress: clear, onStopped: clear };
}
