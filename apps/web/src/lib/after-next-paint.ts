/**
 * Runs `fn` in a task after the next frame is painted (an animation frame, then a timeout), when the layout is up to
 * date and reading it (scroll position, sizes) costs nothing; returns a function that cancels it (for an effect's
 * cleanup).
 */
export function afterNextPaint(fn: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
}
