import type { OutgoingMail } from '@teamfit/mail';

/**
 * Sent to a persona's new address: only whoever reads this mailbox can make it the sign-in address.
 * The code is six digits (generateOtp), so it goes into the HTML as it is.
 */
export function addressConfirmationMail(to: string, otp: string, validMinutes: number): OutgoingMail {
  const subject = `Your Teamfit address confirmation code: ${otp}`;
  const text = [
    'Hello,',
    '',
    `Someone asked to use this address to sign in to Teamfit. The confirmation code is: ${otp}`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once.`,
    'If this was not you, ignore this e-mail: the address changes only with the code.',
    '',
    'Teamfit',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif">
<p>Hello,</p>
<p>Someone asked to use this address to sign in to Teamfit. The confirmation code is:</p>
<p style="font-size: 28px; letter-spacing: 6px; font-weight: bold">${otp}</p>
<p>It is valid for ${validMinutes} minutes and can be used once.</p>
<p>If this was not you, ignore this e-mail: the address changes only with the code.</p>
<p>Teamfit</p>
</body></html>`;
  return { to, subject, text, html };
}
