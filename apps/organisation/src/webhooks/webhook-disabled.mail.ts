import { escapeHtml, type OutgoingMail } from '@teamfit/mail';

export interface WebhookDisabledNotice {
  to: string;
  subscriptionId: string;
  url: string;
  failingSince: Date;
  /** Where the admin dashboard is (ADMIN_APP_ORIGIN). */
  adminAppOrigin: string;
}

/** Tells an administrator that a webhook subscription was disabled after failing without a break for days. */
export function webhookDisabledMail(notice: WebhookDisabledNotice): OutgoingMail {
  const subject = '[Teamfit] Webhook subscription disabled after failing for 5 days';
  const since = notice.failingSince.toISOString();
  const text = [
    'Hello,',
    '',
    `Every attempt to deliver events to ${notice.url} has failed since ${since}, so the webhook`,
    `subscription ${notice.subscriptionId} has been disabled: no further events are queued for it.`,
    '',
    'Its deliveries list (GET /organisation/webhooks/:id/deliveries) shows why each attempt failed.',
    'Once the endpoint works again, enable it with PATCH /organisation/webhooks/:id {"enabled": true}',
    'and redeliver what it missed.',
    '',
    `Admin console: ${notice.adminAppOrigin}`,
    '',
    'Teamfit',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif">
<p>Hello,</p>
<p>Every attempt to deliver events to <code>${escapeHtml(notice.url)}</code> has failed since ${escapeHtml(since)}, so the webhook
subscription <code>${escapeHtml(notice.subscriptionId)}</code> has been disabled: no further events are queued for it.</p>
<p>Its deliveries list (<code>GET /organisation/webhooks/:id/deliveries</code>) shows why each attempt failed. Once the endpoint
works again, enable it with <code>PATCH /organisation/webhooks/:id {"enabled": true}</code> and redeliver what it missed.</p>
<p><a href="${escapeHtml(notice.adminAppOrigin)}">Admin console</a></p>
<p>Teamfit</p>
</body></html>`;
  return { to: notice.to, subject, text, html };
}
