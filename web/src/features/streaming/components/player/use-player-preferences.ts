import { useCallback, useEffect, useRef, useState } from 'react';
import { PLAYBACK_SPEEDS, type PlayerPreferences } from '@contracts/streaming';
import { usePlayerPreferences, useSavePlayerPreferencesMutation } from '../../api/streaming-api';

const DEFAULTS: PlayerPreferences = { SPEED: 1, CAPTIONS: false };
/** A slider dragged across speeds saves once, when it rests. */
const SAVE_AFTER_MS = 600;

const isSpeed = (rate: number): rate is PlayerPreferences['SPEED'] =>
  (PLAYBACK_SPEEDS as readonly number[]).includes(rate);

/**
 * The account's speed and captions (GET /api/account/player; the defaults when the read fails) and
 * their saving (PUT) when the viewer changes either: the latest choice, shortly after the last change,
 * and at once when the player goes away. `initial` is null until the read answered.
 */
export function usePlayerChoices() {
  const read = usePlayerPreferences();
  const [save] = useSavePlayerPreferencesMutation();
  const loaded = read.data ?? (read.isError ? DEFAULTS : null);
  const current = useRef<PlayerPreferences | null>(null);
  const pending = useRef<PlayerPreferences | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // The player's `playbackRate` prop: the speed each new source starts at. It follows the viewer's changes
  // only when the video changes (`keepSpeed`): a prop updated at each change would be applied again
  // late, undoing a faster second step of the slider.
  const [speed, setSpeed] = useState<number>(DEFAULTS.SPEED);
  const rate = useRef<number>(DEFAULTS.SPEED);

  useEffect(() => {
    if (!loaded || current.current) return;
    current.current = loaded;
    rate.current = loaded.SPEED;
    setSpeed(loaded.SPEED);
  }, [loaded]);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    // Not saved (offline, a session that ended): this page keeps the choice; the next change carries it.
    if (next) save(next).catch(() => undefined);
  }, [save]);

  useEffect(() => flush, [flush]);

  const change = (choice: Partial<PlayerPreferences>) => {
    const before = current.current;
    if (!before) return;
    const next = { ...before, ...choice };
    if (next.SPEED === before.SPEED && next.CAPTIONS === before.CAPTIONS) return;
    current.current = next;
    pending.current = next;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, SAVE_AFTER_MS);
  };

  return {
    /** The preferences as read (null until then). */
    initial: current.current ?? loaded,
    speed,
    /** A new video is about to load: it starts at the speed playing now. */
    keepSpeed: useCallback(() => setSpeed(rate.current), []),
    /** The player's speed changed (the viewer's choice, or the player's own): kept, saved when one of PLAYBACK_SPEEDS. */
    onRate: (playing: number) => {
      rate.current = playing;
      if (isSpeed(playing)) change({ SPEED: playing });
    },
    onCaptions: (showing: boolean) => change({ CAPTIONS: showing }),
  };
}
