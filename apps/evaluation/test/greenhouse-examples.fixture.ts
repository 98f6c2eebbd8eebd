/**
 * Every JSON example of Greenhouse's published assessment partner API, as data, each with the
 * call it belongs to and whether it is what Greenhouse sends (a request) or what the partner
 * answers (a response). Copied as published, values and all; the send_test request is there in
 * both of its published forms (before and after `preferred_name` and `sent_by` were added).
 * greenhouse.e2e-spec.ts validates each against the platform's OpenAPI document and sends the
 * requests to the real API (docs/adr/0089-greenhouse-assessment-partner-api.md).
 */
export interface GreenhouseExample {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  kind: 'request' | 'response';
  body: unknown;
}

const PREFIX = '/evaluation/partners/greenhouse';

export const GREENHOUSE_EXAMPLES: readonly GreenhouseExample[] = [
  {
    name: 'list_tests response',
    method: 'GET',
    path: `${PREFIX}/list_tests`,
    kind: 'response',
    body: [
      { partner_test_id: '12345', partner_test_name: 'My First Test' },
      { partner_test_id: '54321', partner_test_name: 'My Second Test' },
    ],
  },
  {
    name: 'send_test request',
    method: 'POST',
    path: `${PREFIX}/send_test`,
    kind: 'request',
    body: {
      partner_test_id: '12345',
      candidate: {
        first_name: 'Harry',
        last_name: 'Potter',
        preferred_name: 'The Chosen One',
        resume_url: 'https://hogwarts.com/resume',
        phone_number: '123-456-7890',
        email: 'hpotter@hogwarts.edu',
        greenhouse_profile_url: 'https://app.greenhouse.io/people/17681532?application_id=26234709',
      },
      sent_by: 'test_sender@example.org',
      url: 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/12345',
    },
  },
  {
    name: 'send_test request, its earlier form',
    method: 'POST',
    path: `${PREFIX}/send_test`,
    kind: 'request',
    body: {
      partner_test_id: '12345',
      candidate: {
        first_name: 'Harry',
        last_name: 'Potter',
        resume_url: 'https://hogwarts.com/resume',
        phone_number: '123-456-7890',
        email: 'hpotter@hogwarts.edu',
        greenhouse_profile_url: 'https://app.greenhouse.io/people/17681532?application_id=26234709',
      },
      url: 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/12345',
    },
  },
  {
    name: 'send_test response',
    method: 'POST',
    path: `${PREFIX}/send_test`,
    kind: 'response',
    body: { partner_interview_id: '98765' },
  },
  {
    name: 'test_status response',
    method: 'GET',
    path: `${PREFIX}/test_status`,
    kind: 'response',
    body: {
      partner_status: 'complete',
      partner_profile_url: 'http://example.com/tests/12345',
      partner_score: 81,
      metadata: {
        'Started At': '10:15 AM 26 March 2014',
        'Completed At': '10:15 AM 26 March 2014',
        Notes: 'This candidate did extremely well!',
      },
    },
  },
  {
    name: 'response_error request',
    method: 'POST',
    path: `${PREFIX}/response_error`,
    kind: 'request',
    body: {
      api_call: 'test_status',
      errors: ["partner_status is 'complete' but partner_profile url is missing"],
      partner_test_id: '12345',
      partner_test_name: 'Personality Test',
      partner_interview_id: '299506',
      candidate_email: 'hpotter@hogwarts.edu',
    },
  },
  {
    name: 'response_error response',
    method: 'POST',
    path: `${PREFIX}/response_error`,
    kind: 'response',
    body: { status: 200 },
  },
];
