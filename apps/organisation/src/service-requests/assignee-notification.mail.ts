import { escapeHtml, type OutgoingMail } from '@teamfit/mail';

export interface AssigneeNotification {
  to: string;
  assigneeName: string;
  requestId: string;
  title: string;
  priority: string;
  status: string;
  dueAt: Date;
  /** Where the admin dashboard is (ADMIN_APP_ORIGIN). */
  adminAppOrigin: string;
}

/** Template AssigneeNotification (docs/contract.md, "E-mails and records"): the new assignee learns what landed on their desk. */
export function assigneeNotificationMail(notice: AssigneeNotification): OutgoingMail {
  const subject = `[Teamfit] Service request assigned to you: ${notice.title}`;
  const due = notice.dueAt.toISOString();
  const link = `${notice.adminAppOrigin.replace(/\/+$/, '')}/service-requests/${notice.requestId}`;
  const text = [
    `Hello ${notice.assigneeName},`,
    '',
    'A service request has been assigned to you.',
    '',
    `Title:    ${notice.title}`,
    `Id:       ${notice.requestId}`,
    `Priority: ${notice.priority}`,
    `Status:   ${notice.status}`,
    `Due:      ${due}`,
    '',
    `Open it: ${link}`,
    '',
    'Teamfit',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif">
<p>Hello ${escapeHtml(notice.assigneeName)},</p>
<p>A service request has been assigned to you.</p>
<table>
<tr><th align="left">Title</th><td>${escapeHtml(notice.title)}</td></tr>
<tr><th align="left">Id</th><td>${escapeHtml(notice.requestId)}</td></tr>
<tr><th align="left">Priority</th><td>${escapeHtml(notice.priority)}</td></tr>
<tr><th align="left">Status</th><td>${escapeHtml(notice.status)}</td></tr>
<tr><th align="left">Due</th><td>${escapeHtml(due)}</td></tr>
</table>
<p><a href="${escapeHtml(link)}">Open the service request</a></p>
<p>Teamfit</p>
</body></html>`;
  return { to: notice.to, subject, text, html };
}
