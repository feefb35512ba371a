import { maskPhone } from '../../lib/log.ts';

/** Where SMS messages go. Production adapters (e.g. Solapi) implement the same interface. */
export interface SmsGateway {
  send(phone: string, text: string): Promise<void>;
}

export class SmsGatewayError extends Error {}

/**
 * The default gateway: logs that a message went out (masked number, never the text) and, outside
 * production only, keeps the message in the dev outbox so a person or a test can finish the flow.
 */
export function createLogGateway(options: {
  log: (message: string) => void;
  outbox?: (phone: string, text: string) => Promise<void>;
}): SmsGateway {
  return {
    async send(phone, text) {
      options.log(`SMS to ${maskPhone(phone)} (${text.length} chars)`);
      await options.outbox?.(phone, text);
    },
  };
}
