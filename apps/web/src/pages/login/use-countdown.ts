import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (epoch ms), never negative. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * A seconds countdown (the send-code button's resend delay). It counts against a deadline, not
 * ticks, so a throttled background tab still shows the right value when it wakes.
 */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + Math.max(0, seconds) * 1000);
  }, []);

  return { seconds: secondsLeft(endsAt, now), start };
}
