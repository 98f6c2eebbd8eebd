import { escapeHtml } from './escape-html';
import type { OutgoingMail } from './mailer';

/** Said with a long code, so its owner knows why it is not the usual six digits. */
const LONG_CODE_NOTE = 'The code is longer than usual because many codes were asked for or tried for this address today.';

/** The sign-in e-mail: the code in plain text and HTML, and how long it is good for. */
export function oneTimePasswordMail(to: string, otp: string, validMinutes: number): OutgoingMail {
  const long = !/^\d{6}$/.test(otp);
  const subject = `Your Teamfit sign-in code: ${otp}`;
  const text = [
    'Hello,',
    '',
    `Your one-time sign-in code is: ${otp}`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once.`,
    ...(long ? [LONG_CODE_NOTE] : []),
    'If you did not try to sign in, ignore this e-mail: nobody can sign in without the code.',
    '',
    'Teamfit',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif">
<p>Hello,</p>
<p>Your one-time sign-in code is:</p>
<p style="font-size: 28px; letter-spacing: ${long ? 2 : 6}px; font-weight: bold">${escapeHtml(otp)}</p>
<p>It is valid for ${validMinutes} minutes and can be used once.</p>
${long ? `<p>${LONG_CODE_NOTE}</p>\n` : ''}<p>If you did not try to sign in, ignore this e-mail: nobody can sign in without the code.</p>
<p>Teamfit</p>
</body></html>`;
  return { to, subject, text, html };
}
