import type { SessionStore } from '@teamfit/api-client';

/** The tab's session storage, when the browser lets the page use it. */
export function tabSessionStore(): SessionStore | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
