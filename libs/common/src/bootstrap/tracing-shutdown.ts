import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { stopTracing } from '@teamfit/tracing';

/** Exports the spans still queued when the service stops (a signal, the runner going away); nothing when tracing is off. */
@Injectable()
export class TracingShutdown implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return stopTracing();
  }
}
