import type { OutgoingMail } from './mailer';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The sign-in e-mail: the code in plain text and HTML, and how long it is good for. */
export function oneTimePasswordMail(to: string, otp: string, validMinutes: number): OutgoingMail {
  const subject = `Your Teamfit sign-in code: ${otp}`;
  const text = [
    'Hello,',
    '',
    `Your one-time sign-in code is: ${otp}`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once.`,
    'If you did not try to sign in, ignore this e-mail: nobody can sign in without the code.',
    '',
    'Teamfit',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif">
<p>Hello,</p>
<p>Your one-time sign-in code is:</p>
<p style="font-size: 28px; letter-spacing: 6px; font-weight: bold">${escapeHtml(otp)}</p>
<p>It is valid for ${validMinutes} minutes and can be used once.</p>
<p>If you did not try to sign in, ignore this e-mail: nobody can sign in without the code.</p>
<p>Teamfit</p>
</body></html>`;
  return { to, subject, text, html };
}
