/** Who made a call, in the contract's order (docs/contract.md, "Caller identification and device type"). */
export type DeviceType = 'mobile' | 'desktop' | 'unknown';

export interface CallerOrigins {
  adminAppOrigin: string;
  hubAppOrigin: string;
}

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

const originOf = (value: string): string | undefined => {
  // Most calls carry neither Origin nor Referer: answer without constructing (and throwing from) a URL.
  if (value === '') return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
};

/** The configured origins are parsed once per distinct value, not once per call. */
const configuredOrigins = new Map<string, string | undefined>();
const configuredOrigin = (value: string): string | undefined => {
  if (!configuredOrigins.has(value)) configuredOrigins.set(value, originOf(value));
  return configuredOrigins.get(value);
};

export function callerAppOf(headers: Headers, origins: CallerOrigins): string {
  const declared = header(headers, 'x-app-source').toLowerCase();
  if (declared === 'admin' || declared === 'hub') return declared;
  if (/postman/i.test(header(headers, 'user-agent'))) return 'postman';
  const from = originOf(header(headers, 'origin')) ?? originOf(header(headers, 'referer'));
  if (from !== undefined) {
    if (from === configuredOrigin(origins.adminAppOrigin)) return 'admin';
    if (from === configuredOrigin(origins.hubAppOrigin)) return 'hub';
  }
  return 'unknown';
}

const MOBILE = /mobile|android|iphone|ipad|ios/i;
const DESKTOP = /mozilla|chrome|safari|firefox|opera|edge/i;

/** Mobile words are checked first: every mobile browser also says "Mozilla". */
export function deviceTypeOf(userAgent: string | undefined): DeviceType {
  if (!userAgent) return 'unknown';
  if (MOBILE.test(userAgent)) return 'mobile';
  if (DESKTOP.test(userAgent)) return 'desktop';
  return 'unknown';
}
