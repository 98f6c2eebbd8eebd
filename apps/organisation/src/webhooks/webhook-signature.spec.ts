import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signWebhook } from './webhook-signature';

describe('webhook signatures', () => {
  const body = JSON.stringify({ type: 'evaluation.completed', timestamp: '2026-11-27T06:00:00.000Z', data: { evaluationId: 'e' } });
  const now = Math.floor(Date.now() / 1000);

  it('verify with the standardwebhooks package, and not once the body changed', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = signWebhook('msg_1', now, body, [secret]);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('e"', 'f"'), { ...headers })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it('carry one signature per secret while a rotated secret still signs: each secret verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signWebhook('msg_2', now, body, [current, previous]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });
});
