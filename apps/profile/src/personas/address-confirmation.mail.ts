import type { OutgoingMail } from '@teamfit/mail';

/**
 * Sent to a persona's new address: only whoever reads this mailbox can make it the sign-in address.
 * The code is six digits (generateOtp) and the other lines are fixed, so none needs HTML escaping.
 */
export function addressConfirmationMail(to: string, otp: string, validMinutes: number): OutgoingMail {
  const before = ['Hello,', 'Someone asked to use this address to sign in to Teamfit. The confirmation code is:'];
  const after = [
    `It is valid for ${validMinutes} minutes and can be used once.`,
    'If this was not you, ignore this e-mail: the address changes only with the code.',
    'Teamfit',
  ];
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('\n');
  return {
    to,
    subject: `Your Teamfit address confirmation code: ${otp}`,
    text: [...before, otp, ...after].join('\n\n'),
    html: `<!doctype html>\n<html><body style="font-family: sans-serif">\n${paragraphs(before)}\n<p style="font-size: 28px; letter-spacing: 6px; font-weight: bold">${otp}</p>\n${paragraphs(after)}\n</body></html>`,
  };
}
