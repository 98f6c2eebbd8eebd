import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { type RunningTestService, startTestService, TestTokens, UNKNOWN_OBJECT_ID } from '@teamfit/platform/testing';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { mediaAppModule } from '../../media/src/media-app.module';
import { organisationAppModule } from '../src/organisation-app.module';

type Ticket = { _id: string; assigneeId: string | null; assigneeTeam: string | null; attachments?: Attachment[] };
type Attachment = { _id: string; mediaId: string; fileName: string; mimeType: string; size: number; sha256: string; uploadedBy: string };
type HistoryEntry = { action: string; field: string | null; oldValue: unknown; newValue: unknown };

const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.7\nhello\n%%EOF\n');

describe('service requests: assignment and attachments', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  const base = '/admin/service-requests';
  let database: TestDatabase;
  let smtp: SmtpListener;
  let mediaDir: string;
  let media: RunningTestService;
  let service: RunningTestService;
  const api = () => request(service.url);
  const mediaFiles = (): string[] => readdirSync(path.join(mediaDir, 'files')).sort();
  const create = async (title: string): Promise<Ticket> =>
    (await api().post(base).set('Authorization', admin).send({ title, priority: 'HIGH' }).expect(201)).body as Ticket;
  const history = async (id: string) =>
    (await api().get(`${base}/${id}/history`).set('Authorization', admin).expect(200)).body as HistoryEntry[];
  const assign = (id: string, body: Record<string, unknown>) => api().post(`${base}/${id}/assign`).set('Authorization', admin).send(body);
  let sentinels = 0;
  /**
   * No e-mail went out since `sent`: an assignment made afterwards sends one, and once it has
   * arrived it is the only one (e-mails go out in order), so no fixed wait is needed.
   */
  const expectNoMailSince = async (sent: number) => {
    sentinels += 1;
    const emailAddress = `sentinel-${sentinels}@example.test`;
    const account = (
      await api().post('/account').set('Authorization', admin).send({ emailAddress, firstName: 'Sentinel', lastName: 'Mail' }).expect(201)
    ).body as { id: string };
    await assign((await create(`sentinel ${sentinels}`))._id, { assigneeId: account.id }).expect(200);
    await smtp.latestTo(emailAddress);
    expect(smtp.messages.slice(sent).map((message) => message.to)).toEqual([smtp.messages.at(-1)?.to]);
    expect(smtp.messages.at(-1)?.to).toContain(emailAddress);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpListener();
    mediaDir = mkdtempSync(path.join(tmpdir(), 'teamfit-sr-media-'));
    mkdirSync(path.join(mediaDir, 'files'), { recursive: true });
    media = await startTestService('media', mediaAppModule, { databaseUrl: database.url, keys: tokens.keys, env: { MEDIA_DIR: mediaDir } });
    service = await startTestService('organisation', organisationAppModule, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { MEDIA_SERVICE_URL: media.url, SMTP_URL: smtp.url, ADMIN_APP_ORIGIN: 'https://admin.example.test' },
    });
  });

  afterAll(async () => {
    await service?.close();
    await media?.close();
    await smtp?.close();
    await database?.drop();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  describe('assign', () => {
    it('e-mails the new assignee (AssigneeNotification, text and HTML) and records the change', async () => {
      const account = (
        await api()
          .post('/account')
          .set('Authorization', admin)
          .send({ emailAddress: 'Grace.Hopper@example.test', firstName: 'Grace', lastName: 'Hopper' })
          .expect(201)
      ).body as { id: string };
      const ticket = await create('Payroll <export> fails');
      const assigned = (await assign(ticket._id, { assigneeId: account.id, assigneeTeam: 'Payroll' }).expect(200)).body as Ticket;
      expect(assigned).toMatchObject({ assigneeId: account.id, assigneeTeam: 'Payroll' });
      const mail = await smtp.latestTo('grace.hopper@example.test');
      // Quoted-printable: soft line breaks and =XX escapes.
      const body = mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      expect(mail.raw).toContain('Subject: [Teamfit] Service request assigned to you');
      expect(mail.raw).toContain('Content-Type: text/plain');
      expect(mail.raw).toContain('Content-Type: text/html');
      expect(body).toContain('Hello Grace Hopper');
      expect(body).toContain(ticket._id);
      expect(body).toContain('<td>Payroll &lt;export&gt; fails</td>');
      expect(body).toContain('Title:    Payroll <export> fails');
      expect(body).toContain(`https://admin.example.test/service-requests/${ticket._id}`);
      const entries = (await history(ticket._id)).filter((entry) => entry.action === 'ASSIGNED');
      expect(entries).toEqual([
        expect.objectContaining({ field: 'assigneeId', oldValue: null, newValue: account.id }),
        expect.objectContaining({ field: 'assigneeTeam', oldValue: null, newValue: 'Payroll' }),
      ]);
      // The same assignee again changes nothing and sends nothing.
      const sent = smtp.messages.length;
      await assign(ticket._id, { assigneeId: account.id }).expect(200);
      await expectNoMailSince(sent);
      expect((await history(ticket._id)).filter((entry) => entry.action === 'ASSIGNED')).toHaveLength(2);
      // Filtering by assignee.
      const page = (await api().get(base).query({ assigneeId: account.id }).set('Authorization', admin).expect(200)).body as {
        items: Ticket[];
      };
      expect(page.items.map((item) => item._id)).toEqual([ticket._id]);
    });

    it('refuses an unknown assignee with 400 and changes nothing', async () => {
      const ticket = await create('Nobody home');
      const response = await assign(ticket._id, { assigneeId: '9b2f7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e' }).expect(400);
      expect((response.body as { message: string }).message).toContain('assigneeId');
      await assign(ticket._id, {}).expect(400);
      const stored = (await api().get(`${base}/${ticket._id}`).set('Authorization', admin).expect(200)).body as Ticket;
      expect(stored.assigneeId).toBeNull();
      expect((await history(ticket._id)).map((entry) => entry.action)).toEqual(['CREATED']);
    });

    it('team-only assignment sends no e-mail', async () => {
      const ticket = await create('Team only');
      const sent = smtp.messages.length;
      await assign(ticket._id, { assigneeTeam: 'Ops' }).expect(200);
      await expectNoMailSince(sent);
    });
  });

  describe('attachments', () => {
    it('stores the file in the media service and lists it on the ticket', async () => {
      const ticket = await create('With a file');
      const response = await api()
        .post(`${base}/${ticket._id}/attachments`)
        .set('Authorization', admin)
        .attach('file', PDF, 'report.pdf')
        .expect(201);
      const attachment = response.body as Attachment;
      expect(attachment).toMatchObject({
        fileName: 'report.pdf',
        mimeType: 'application/pdf',
        size: PDF.length,
        uploadedBy: '00000000-0000-4000-8000-000000000001',
      });
      expect(mediaFiles()).toContain(attachment.mediaId);
      const stored = (await api().get(`${base}/${ticket._id}`).set('Authorization', admin).expect(200)).body as Ticket;
      expect(stored.attachments).toEqual([expect.objectContaining({ _id: attachment._id, mediaId: attachment.mediaId })]);
      const bytes = await request(media.url).get(`/media/${attachment.mediaId}`).set('Authorization', admin).buffer(true).expect(200);
      expect(Buffer.from(bytes.body as Buffer).equals(PDF)).toBe(true);
      expect((await history(ticket._id)).at(-1)).toMatchObject({
        action: 'ATTACHMENT_ADDED',
        newValue: expect.objectContaining({ mediaId: attachment.mediaId }),
      });
    });

    it('accepts exactly 10 MB and refuses one byte more with 413, storing nothing', async () => {
      const ticket = await create('Big files');
      const before = mediaFiles();
      const tooBig = await api()
        .post(`${base}/${ticket._id}/attachments`)
        .set('Authorization', admin)
        .attach('file', Buffer.alloc(10 * MB + 1, 1), 'big.bin');
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: expect.any(String) });
      expect(mediaFiles()).toEqual(before);
      const stored = (await api().get(`${base}/${ticket._id}`).set('Authorization', admin).expect(200)).body as Ticket;
      expect(stored.attachments).toEqual([]);
      expect((await history(ticket._id)).map((entry) => entry.action)).toEqual(['CREATED']);
      await api()
        .post(`${base}/${ticket._id}/attachments`)
        .set('Authorization', admin)
        .attach('file', Buffer.alloc(10 * MB, 1), 'exact.bin')
        .expect(201);
      expect(mediaFiles()).toHaveLength(before.length + 1);
    });

    it('needs a file part and a live ticket', async () => {
      const ticket = await create('No file');
      expect(
        (await api().post(`${base}/${ticket._id}/attachments`).set('Authorization', admin).field('note', 'x').expect(400)).body,
      ).toBeDefined();
      await api().post(`${base}/${ticket._id}/attachments`).set('Authorization', admin).send({ file: 'x' }).expect(400);
      const before = mediaFiles();
      await api().post(`${base}/${UNKNOWN_OBJECT_ID}/attachments`).set('Authorization', admin).attach('file', PDF, 'a.pdf').expect(404);
      expect(mediaFiles()).toEqual(before);
    });
  });
});
