import MailComposer from 'nodemailer/lib/mail-composer';
import { evaluationInvitationMail } from './evaluation-invitation.mail';
import { mailPartText } from './testing/mail-parts';

const LINK = 'https://hub.teamfit.example/evaluations/6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f#email=ada%2Bhub%40example.test';

/** The message as SMTP carries it (MIME, long lines encoded), as the listener would receive it. */
const delivered = async (mail: ReturnType<typeof evaluationInvitationMail>) => ({
  to: [mail.to],
  raw: (await new MailComposer({ from: 'Teamfit <no-reply@teamfit.local>', ...mail }).compile().build()).toString('utf8'),
});

describe('evaluationInvitationMail', () => {
  it('greets by first name and gives the link and how to sign in, in plain text', async () => {
    const mail = evaluationInvitationMail({ to: 'ada+hub@example.test', firstName: 'Ada', link: LINK });
    expect(mail.to).toBe('ada+hub@example.test');
    expect(mail.subject).toBe('You are invited to a Teamfit questionnaire');
    const text = mailPartText(await delivered(mail), 'text/plain');
    expect(text.split('\n')).toContain(LINK);
    expect(text).toMatch(/^Hello Ada,\n/);
    expect(text).toContain('Sign in there with this e-mail address (ada+hub@example.test)');
    expect(text).toMatch(/\nTeamfit$/);
  });

  it('escapes the name and the link in HTML', async () => {
    const mail = evaluationInvitationMail({ to: 'x@example.test', firstName: '<b>Eve</b> & co', link: `${LINK}&"x"` });
    const html = mailPartText(await delivered(mail), 'text/html');
    expect(html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt; &amp; co,');
    expect(html).toContain(`href="${LINK}&amp;&quot;x&quot;"`);
    expect(html).not.toContain('<b>Eve</b>');
  });

  it('says plain "Hello," without a first name', () => {
    expect(evaluationInvitationMail({ to: 'x@example.test', firstName: null, link: LINK }).text).toMatch(/^Hello,\n/);
    expect(evaluationInvitationMail({ to: 'x@example.test', firstName: '  ', link: LINK }).text).toMatch(/^Hello,\n/);
  });
});
