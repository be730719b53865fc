/**
 * The auth pages' text links ("Register", "Login", "Forgot password?"): 44 × 44 px tap targets below 1024 px
 * (issue 40, item 11), plain text links from there.
 */
export const AUTH_LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center font-medium text-neutral-900 underline-offset-4 hover:underline lg:min-h-0';
