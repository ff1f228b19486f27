import { type RefObject, useEffect } from 'react';
import type { MediaPlayerInstance } from '@vidstack/react';

/** How long the speed slider must rest before the player is brought to the speed it shows. */
const SETTLE_MS = 100;

/**
 * Vidstack's speed slider asks the player for a new rate at most once per 25 ms and drops the asks in
 * between (a leading-edge throttle), while the slider itself moves on: two quick arrow presses showed
 * 1.5x while the video played, and the account saved, 1.25x. Once the slider has rested for SETTLE_MS,
 * a player whose rate differs from the slider's value is set to it (which the player then reports and
 * the preferences save). The slider may be portaled out of the player (a phone's settings sheet), so
 * the whole document is watched, for the speed slider's `aria-valuenow` only.
 */
export function useSpeedFollowsSlider(player: RefObject<MediaPlayerInstance | null>): void {
  useEffect(() => {
    let timer: number | undefined;
    const observer = new MutationObserver((records) => {
      const slider = records
        .map((record) => record.target)
        .find(
          (node): node is HTMLElement => node instanceof HTMLElement && node.classList.contains('vds-speed-slider'),
        );
      if (!slider) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const shown = Number(slider.getAttribute('aria-valuenow'));
        const playing = player.current;
        if (playing && Number.isFinite(shown) && shown > 0 && playing.playbackRate !== shown) {
          playing.playbackRate = shown;
        }
      }, SETTLE_MS);
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [player]);
}
