import type { LiveEvent } from '@beesang/contract';
import { carriesKey } from '../../lib/invalidation.ts';

/** The bus topic of the live channel: each key is one note. */
export const LIVE_TOPIC = 'live';

/**
 * What one instance tells all of them (the bus key, JSON): the recipients and the event, or, for an
 * event too large for the bus, the recipients and `r` (they are told to read again instead).
 */
interface Note {
  u: number[];
  e?: LiveEvent;
  r?: 1;
}

/** A note as an instance acts on it: whom it is for and what to write to their streams. */
export type Delivery = { userIds: number[]; event: LiveEvent };

const RESYNC: LiveEvent = { type: 'resync' };

const keyOf = (userIds: number[], eventJson: string | undefined) =>
  eventJson === undefined ? `{"u":${JSON.stringify(userIds)},"r":1}` : `{"u":${JSON.stringify(userIds)},"e":${eventJson}}`;

/**
 * The bus keys that carry `event` to `userIds`: one in the common case (a conversation's two
 * members), more when the recipients are too many for one message (halved until each fits). An
 * event that does not fit even for one recipient is sent as resync notes for the same recipients,
 * so that nobody silently misses it.
 */
export function encodeNotes(userIds: number[], event: LiveEvent): string[] {
  const eventJson = JSON.stringify(event);
  if (!carriesKey(LIVE_TOPIC, keyOf([Number.MAX_SAFE_INTEGER], eventJson))) return split(userIds, undefined);
  return split(userIds, eventJson);
}

function split(userIds: number[], eventJson: string | undefined): string[] {
  const key = keyOf(userIds, eventJson);
  if (userIds.length <= 1 || carriesKey(LIVE_TOPIC, key)) return [key];
  const half = Math.ceil(userIds.length / 2);
  return [...split(userIds.slice(0, half), eventJson), ...split(userIds.slice(half), eventJson)];
}

/** A key heard on the bus as a delivery, or null for anything that is not a note of ours. */
export function decodeNote(key: string): Delivery | null {
  let note: Note;
  try {
    note = JSON.parse(key) as Note;
  } catch {
    return null;
  }
  if (!note || !Array.isArray(note.u)) return null;
  const userIds = note.u.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (note.r === 1) return { userIds, event: RESYNC };
  const event = note.e;
  if (!event || typeof event !== 'object' || typeof event.type !== 'string') return null;
  return { userIds, event };
}
