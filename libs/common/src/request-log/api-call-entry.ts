import type { DeviceType } from './caller-app';
import type { CallerKind } from './logged-caller';

/** One API call as the log keeps it (docs/adr/0030-api-call-log-recording.md), secrets already redacted. */
export interface ApiCallEntry {
  service: string;
  startTime: Date;
  endTime: Date;
  /** Milliseconds. */
  processingTime: number;
  method: string;
  url: string;
  httpVersion: string;
  statusCode: number;
  remoteAddress: string | null;
  remoteFamily: string | null;
  callerApp: string;
  deviceType: DeviceType;
  rawHeaders: string[];
  body: unknown;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** Who made the call (its verified access token); null for a call without one. */
  callerKind: CallerKind | null;
  /** The persona's id or the account's id; null with callerKind. */
  callerId: string | null;
}
