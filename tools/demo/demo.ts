// `npm run demo`: demo data on the platform `npm start` runs (through its gateway, signing in with
// the code MailDev catches), then where to look. Running it again reuses what exists.
// Settings: PUBLIC_BASE_URL (else http://localhost:$GATEWAY_PORT), MAILDEV_WEB_PORT, ADMIN_EMAIL,
// DATA_DIR (where `npm start` keeps the inbox's credentials).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { inboxAuthorization, inboxCredentialsFile, readInboxCredentials } from '../runner/inbox-credentials';
import { candidateName, type DemoResult, runDemo } from './run-demo';

const env = process.env;
const gatewayUrl = env['PUBLIC_BASE_URL'] || `http://localhost:${env['GATEWAY_PORT'] || '8080'}`;
const inboxUrl = `http://localhost:${env['MAILDEV_WEB_PORT'] || '1080'}`;
const adminEmail = env['ADMIN_EMAIL'] || 'admin@teamfit.local';
// The checkout's root (this file runs from dist/tools/demo), where `npm start` resolves DATA_DIR.
const dataDir = path.resolve(__dirname, '../../..', env['DATA_DIR'] || '.data');
// An inbox of `npm start` asks for its data folder's credentials; another MailDev may be open.
const mailAuthorization = existsSync(inboxCredentialsFile(dataDir)) ? inboxAuthorization(readInboxCredentials(dataDir)) : undefined;

const score = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(2));

function whereToLook(result: DemoResult): string[] {
  const at = (path: string) => `${gatewayUrl}${path}`;
  const evaluation = result.candidate.evaluation;
  const match = result.teamMatch;
  return [
    `Demo data ready: ${result.created} written, ${result.reused} found from an earlier run.`,
    '',
    `  administrator      ${adminEmail}  (sign-in codes arrive at ${inboxUrl}; its user:password in ${inboxCredentialsFile(dataDir)})`,
    `  organisation       ${result.organisation.name}: ${at(`/organisation/organisation/${result.organisation.id}`)}`,
    `  logo               ${result.organisation.logo ?? '-'}`,
    `  team               ${at(`/evaluation/algorithm/teams/${result.algorithmTeamId}`)} (profile team ${at(`/profile/team/${result.profileTeamId}`)})`,
    `  members            ${result.memberEvaluations.length} completed questionnaires, e.g. ${at(`/evaluation/evaluation/${result.memberEvaluations[0]?.id ?? ''}`)}`,
    `  candidate          ${candidateName}: ${at(`/profile/persona/${result.candidate.personaId}`)}`,
    `  results            ${at(`/evaluation/evaluation/${evaluation.id}`)}  overall ${score(evaluation.results?.overallScore)} (${evaluation.results?.overallCategory ?? '-'})`,
    `  team-match (POST)  ${at(`/evaluation/evaluation/${evaluation.id}/team-match`)}  workstyle ${score(match.workstyle.score)}, role ${score(match.roleMatch?.score)}, combined ${score(match.combined.score)}`,
    `  service requests   ${at(`/admin/service-requests?organisationId=${result.organisation.id}`)}  (${result.serviceRequests.map((ticket) => ticket.status).join(', ')})`,
    `  API pages          ${at('/evaluation/docs')} (also /auth, /profile, /organisation, /media)`,
    '',
    'Every address above needs the administrator token (15 minutes):',
    `  export TOKEN=${result.accessToken}`,
    `  curl -s -H "authorization: Bearer $TOKEN" ${at(`/evaluation/evaluation/${evaluation.id}`)}`,
  ];
}

runDemo({ gatewayUrl, mailApiUrl: `${inboxUrl}/api/email`, mailAuthorization, adminEmail, log: (line) => console.log(`[demo] ${line}`) })
  .then((result) => console.log(`\n${whereToLook(result).join('\n')}`))
  .catch((error: unknown) => {
    console.error(`[demo] failed: ${(error as Error).message}`);
    console.error(`[demo] is the platform running (npm start) with its gateway on ${gatewayUrl} and MailDev on ${inboxUrl}?`);
    process.exit(1);
  });
