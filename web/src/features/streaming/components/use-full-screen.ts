import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Full screen of the player's frame (the video, the watermark and the player's own buttons), never of
 * the `<video>` alone, which would leave the watermark behind. Where the Fullscreen API is missing
 * (Safari on an iPhone) the frame covers the window instead (`covering`).
 */
export function useFullScreen(frame: RefObject<HTMLElement | null>) {
  const [full, setFull] = useState(false);
  const [covering, setCovering] = useState(false);
  const native = typeof document !== 'undefined' && document.fullscreenEnabled;

  useEffect(() => {
    if (!native) return;
    const onChange = () => {
      const element = document.fullscreenElement;
      const own = frame.current;
      // The video alone went full screen (a browser's own control): take the whole frame there instead.
      if (own && element && element !== own && own.contains(element)) {
        void document
          .exitFullscreen()
          .then(() => own.requestFullscreen())
          .catch(() => undefined);
      }
      setFull(own !== null && element === own);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [frame, native]);

  // The covering frame closes with Escape, as a real full screen does.
  useEffect(() => {
    if (!covering) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setCovering(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [covering]);

  const toggle = useCallback(() => {
    const own = frame.current;
    if (!own) return;
    if (!native) {
      setCovering((value) => !value);
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void own.requestFullscreen().catch(() => setCovering(true));
  }, [frame, native]);

  return { active: full || covering, covering, toggle };
}
