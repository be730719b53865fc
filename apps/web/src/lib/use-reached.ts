import { useState } from 'react';

/**
 * Whether `condition` has been true at some render of this component: it stays true once it was. For code loaded
 * on first use (a dialog) that must stay mounted afterwards, so that it can close as it opened.
 */
export function useReached(condition: boolean): boolean {
  const [reached, setReached] = useState(condition);
  // Setting state during render (React's pattern for state derived from props): no extra commit.
  if (condition && !reached) setReached(true);
  return reached || condition;
}
