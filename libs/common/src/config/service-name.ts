/** The five services, their gateway prefixes and internal ports (docs/contract.md, "Services"). */
export const SERVICES = {
  auth: { port: 9000, bodyLimitMb: 50 },
  profile: { port: 9100, bodyLimitMb: 50 },
  organisation: { port: 9107, bodyLimitMb: 50 },
  media: { port: 9102, bodyLimitMb: 100 },
  evaluation: { port: 9103, bodyLimitMb: 50 },
} as const;

export type ServiceName = keyof typeof SERVICES;

export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];
