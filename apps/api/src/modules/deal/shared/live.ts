import type { LiveEvent } from '@beesang/contract';

/** Where deal events go to the members' open pages on every instance (the live module's hub). */
export interface LiveSender {
  send(userIds: number[], event: LiveEvent): void;
}
