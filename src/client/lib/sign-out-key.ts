/**
 * The sign-out mutation's key: the realtime connection (realtime.ts) checks it to leave a
 * tab's own sign-out alone. Here, so that the realtime connection does not load the sign-out hook's
 * router and toaster imports.
 */
export const SIGN_OUT_KEY = ['auth', 'sign-out'] as const;
