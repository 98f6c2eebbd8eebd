// What the web apps' browser tests share: a context that records the page's errors, expressions run
// in the page, axe-core's check, where the focus is, and the next e-mail at the test's SMTP listener.
import type { ReceivedMail, SmtpListener } from '@teamfit/mail/testing';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's run on the whole page, as a list of violations. */
const AXE_RUN = `(async () => {
  const result = await window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  });
  return result.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
})()`;

/**
 * A new browser context whose console errors and uncaught page errors are pushed onto `problems`
 * (console errors include CSP refusals: the built app must run under the web host's policy). A
 * refused API call is logged by the browser too; the pages show those themselves, so it is left out.
 */
export async function watchedContext(
  browser: Browser,
  problems: string[],
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded'))
      problems.push(message.text());
  });
  context.on('weberror', (error) => problems.push(error.error().message));
  return context;
}

/**
 * An expression evaluated in the page. Written as text: tests are compiled for Node, without the
 * DOM's types, and what runs in the page is the browser's business.
 */
export const inPage = <T>(page: Page, expression: string): Promise<T> => page.evaluate<T>(expression);

/** axe-core on the page as it is: no serious or critical violation of WCAG 2.x A/AA. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Evaluated through the DevTools protocol: a script tag would be refused by the page's CSP.
  if (!(await inPage<boolean>(page, "'axe' in window"))) await page.evaluate(AXE_SOURCE);
  const violations = await inPage<Array<{ id: string; impact: string; targets: string[] }>>(page, AXE_RUN);
  expect({
    label,
    violations: violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
  }).toEqual({ label, violations: [] });
}

/** The focused element as `TAG:text`. */
export const focusedText = (page: Page): Promise<string> =>
  inPage<string>(page, "`${document.activeElement?.tagName ?? ''}:${document.activeElement?.textContent ?? ''}`");

/**
 * The focused element once the page has moved the focus to a new heading, which the apps do right
 * after drawing it: waits up to five seconds for a match, then answers what has the focus (and the
 * test's assertion names it).
 */
export async function focusOnceMoved(page: Page, expected: (text: string) => boolean): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const text = await focusedText(page);
    if (expected(text)) return text;
    await sleep(100);
  }
  return focusedText(page);
}

/** The next e-mail to `email` after `before` e-mails to it had arrived; fails after ten seconds. */
export async function nextMail(smtp: SmtpListener, email: string, before: number): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = smtp.messages.filter((message) => message.to.includes(email))[before];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no new e-mail to ${email}`);
    await sleep(25);
  }
}
