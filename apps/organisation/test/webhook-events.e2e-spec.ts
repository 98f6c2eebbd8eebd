import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { evaluationAppModule } from '../../evaluation/src/evaluation-app.module';
import { profileAppModule } from '../../profile/src/profile-app.module';
import { organisationAppModule } from '../src/organisation-app.module';
import { type ReceivedWebhook, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.fixture';

interface Envelope {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Each event is written in the transaction of the change that causes it, in the service that makes
 * the change (evaluation, profile, organisation), and reaches a subscription of every event through
 * the organisation service's dispatcher, signed. A change that is refused or rolled back emits nothing.
 */
describe('webhook events from the services', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let database: TestDatabase;
  let client: Client;
  let smtp: SmtpListener;
  let receiver: WebhookReceiver;
  let organisation: RunningTestService;
  let profile: RunningTestService;
  let evaluation: RunningTestService;
  let secret = '';
  let teamId = 0;
  const organisationId = randomUUID();
  /** The candidate of the first test, erased in the last. */
  let candidateId = '';

  const verified = (hook: ReceivedWebhook): Envelope =>
    new Webhook(secret).verify(hook.body, {
      'webhook-id': hook.id,
      'webhook-timestamp': hook.timestamp,
      'webhook-signature': hook.signature,
    }) as Envelope;
  const eventsOf = (type: string) => receiver.received.map(verified).filter((event) => event.type === type);
  const outboxCount = async (type: string) =>
    Number(
      (await client.query<{ n: string }>('SELECT count(*) AS n FROM organisation.outbox_messages WHERE type = $1', [type])).rows[0]?.n,
    );
  const createPersona = async (emailAddress: string): Promise<string> =>
    (
      await request(profile.url)
        .post('/persona')
        .set('authorization', admin)
        .send({ user_id: randomUUID(), role: 'Candidate', description: 'Webhooks', emailAddress })
        .expect(201)
    ).body.id as string;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    receiver = await startWebhookReceiver();
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const options = { databaseUrl: database.serviceUrl, migrationDatabaseUrl: database.url, keys: tokens.keys };
    const env = { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'on', PERSONA_ERASURE_WAIT_MS: '500' };
    organisation = await startTestService('organisation', organisationAppModule, { ...options, env });
    profile = await startTestService('profile', profileAppModule, { ...options, env });
    evaluation = await startTestService('evaluation', evaluationAppModule, { ...options, env });
    await client.query(
      `INSERT INTO organisation.organisations (id, object_id, name, url_name) VALUES ($1, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'Webhook Org', 'webhook-org')`,
      [organisationId],
    );
    const subscription = await request(organisation.url)
      .post('/webhooks')
      .set('authorization', admin)
      .send({ url: receiver.url, events: ['*'] })
      .expect(201);
    secret = subscription.body.secret as string;
    const member = await createPersona('member@webhooks.test');
    teamId = (
      await request(evaluation.url)
        .post('/algorithm/teams')
        .set('authorization', admin)
        .send({ name: 'Webhooks', memberPersonaIds: [member], organisationId })
        .expect(201)
    ).body.id as number;
  });

  afterAll(async () => {
    await evaluation?.close();
    await profile?.close();
    await organisation?.close();
    await client?.end();
    await receiver?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('emits evaluation.invited and evaluation.completed in their transactions, and nothing for a refused invitation', async () => {
    const personaId = await createPersona('candidate@webhooks.test');
    candidateId = personaId;
    const id = (await request(evaluation.url).post('/evaluation').set('authorization', admin).send({ personaId, teamId }).expect(201)).body
      .id as string;

    // The mail server refuses: the invitation rolls back, its event with it.
    smtp.refusing = true;
    await request(evaluation.url).post(`/evaluation/${id}/invitation`).set('authorization', admin).expect(502);
    smtp.refusing = false;
    expect(await outboxCount('evaluation.invited')).toBe(0);

    const invitation = (await request(evaluation.url).post(`/evaluation/${id}/invitation`).set('authorization', admin).expect(201))
      .body as { invitedAt: string };
    await receiver.until(() => eventsOf('evaluation.invited').length === 1);
    expect(eventsOf('evaluation.invited')[0]?.data).toEqual({ evaluationId: id, personaId, teamId, invitedAt: invitation.invitedAt });
    expect(
      (await client.query('SELECT organisation_id FROM organisation.outbox_messages WHERE type = $1', ['evaluation.invited'])).rows,
    ).toEqual([{ organisation_id: organisationId }]);

    // Every question the evaluation serves (the organisation service seeded the platform's questionnaire).
    let results: { overallScore: number; overallCategory: string } | undefined;
    let next = (
      (await request(evaluation.url).get(`/evaluation/${id}`).set('authorization', admin).expect(200)).body as {
        currentQuestion?: { id: number };
      }
    ).currentQuestion;
    while (next) {
      const answered = await request(evaluation.url)
        .post(`/evaluation/${id}/answer`)
        .set('authorization', admin)
        .send({ questionId: next.id, value: 3 })
        .expect(200);
      results = answered.body.results as typeof results;
      next = (answered.body as { nextQuestion: { id: number } | null }).nextQuestion ?? undefined;
      if (!results) expect(await outboxCount('evaluation.completed')).toBe(0);
    }
    expect(await outboxCount('evaluation.completed')).toBe(1);
    await receiver.until(() => eventsOf('evaluation.completed').length === 1);
    const [completed] = (await client.query<{ completed_at: Date }>('SELECT completed_at FROM evaluation.evaluations WHERE id = $1', [id]))
      .rows;
    expect(eventsOf('evaluation.completed')[0]?.data).toEqual({
      evaluationId: id,
      personaId,
      teamId,
      overallScore: results?.overallScore,
      overallCategory: results?.overallCategory,
      completedAt: completed?.completed_at.toISOString(),
    });
    // An answer to the complete evaluation changes nothing and emits nothing.
    await request(evaluation.url)
      .post(`/evaluation/${id}/answer`)
      .set('authorization', admin)
      .send({ questionId: 1, value: 2 })
      .expect(409);
    expect(await outboxCount('evaluation.completed')).toBe(1);
  });

  it('emits service_request.status_changed for a status move, and nothing for a refused one', async () => {
    const ticket = (
      await request(organisation.url)
        .post('/admin/service-requests')
        .set('authorization', admin)
        .send({ title: 'Webhooks', type: 'INCIDENT', organisationId })
        .expect(201)
    ).body as { _id: string };
    await request(organisation.url)
      .post(`/admin/service-requests/${ticket._id}/status`)
      .set('authorization', admin)
      .send({ status: 'REOPENED' })
      .expect(409);
    expect(await outboxCount('service_request.status_changed')).toBe(0);
    await request(organisation.url)
      .post(`/admin/service-requests/${ticket._id}/status`)
      .set('authorization', admin)
      .send({ status: 'IN_PROGRESS' })
      .expect(200);
    await receiver.until(() => eventsOf('service_request.status_changed').length === 1);
    expect(eventsOf('service_request.status_changed')[0]?.data).toEqual({
      serviceRequestId: ticket._id,
      previousStatus: 'NEW',
      status: 'IN_PROGRESS',
      changedAt: expect.any(String),
    });
  });

  it('emits persona.erased when the persona is erased, once however often the erasure is asked for', async () => {
    const personaId = await createPersona('erased@webhooks.test');
    await request(profile.url).post(`/persona/${personaId}/erase`).set('authorization', admin);
    await request(profile.url).post(`/persona/${personaId}/erase`).set('authorization', admin);
    await receiver.until(() => eventsOf('persona.erased').length === 1);
    expect(eventsOf('persona.erased')[0]?.data).toEqual({ personaId, erasedAt: expect.any(String) });
    expect(await outboxCount('persona.erased')).toBe(1);
  });

  it("takes an erased persona's id out of the events kept for delivery, its own persona.erased aside", async () => {
    await request(profile.url).post(`/persona/${candidateId}/erase`).set('authorization', admin);
    const naming = async () =>
      (
        await client.query<{ type: string }>(`SELECT type FROM organisation.outbox_messages WHERE data::text LIKE $1 ORDER BY type`, [
          `%${candidateId}%`,
        ])
      ).rows.map((row) => row.type);
    // The organisation service's part of the erasure runs a few seconds after the request.
    const deadline = Date.now() + 30_000;
    while ((await naming()).some((type) => type !== 'persona.erased')) {
      if (Date.now() > deadline) throw new Error(`events still name the erased persona: ${(await naming()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const scrubbed = await client.query<{ type: string; persona: string }>(
      `SELECT type, data->>'personaId' AS persona FROM organisation.outbox_messages WHERE type LIKE 'evaluation.%' ORDER BY type`,
    );
    expect(scrubbed.rows).toEqual([
      { type: 'evaluation.completed', persona: '[erased]' },
      { type: 'evaluation.invited', persona: '[erased]' },
    ]);
  });
});
