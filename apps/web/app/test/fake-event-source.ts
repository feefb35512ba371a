import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { settle } from './dom';

/**
 * EventSource as the browser gives it, driven by the test: `open()`, `send(data)` (an unnamed event,
 * JSON unless a string), `drop()` (the browser then reconnects by itself: CONNECTING) and `refuse()`
 * (the server answered an error status: CLOSED, no reconnect).
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  private readonly named = new Map<string, Set<(e: MessageEvent) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(name: string, listener: (e: MessageEvent) => void) {
    if (!this.named.has(name)) this.named.set(name, new Set());
    this.named.get(name)?.add(listener);
  }
  removeEventListener(name: string, listener: (e: MessageEvent) => void) {
    this.named.get(name)?.delete(listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    act(() => {
      this.readyState = FakeEventSource.OPEN;
      this.onopen?.(new Event('open'));
    });
  }
  send(data: unknown, name?: string) {
    const event = new MessageEvent(name ?? 'message', { data: typeof data === 'string' ? data : JSON.stringify(data) });
    act(() => {
      if (name && name !== 'message') for (const l of this.named.get(name) ?? []) l(event);
      else this.onmessage?.(event);
    });
  }
  drop() {
    act(() => {
      this.readyState = FakeEventSource.CONNECTING;
      this.onerror?.(new Event('error'));
    });
  }
  refuse() {
    act(() => {
      this.readyState = FakeEventSource.CLOSED;
      this.onerror?.(new Event('error'));
    });
  }

  /** Installs the fake as the window's EventSource; returns the latest connection getter. */
  static install() {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    return () => FakeEventSource.instances.at(-1) as FakeEventSource;
  }
}

/**
 * Opens the channel and waits out its first open's catch-up (every open says `reconnected`, the
 * first too), then forgets the calls made so far: what a test asserts next is what its events did.
 */
export async function openChannel(source: () => FakeEventSource, api: { calls: unknown[] }, debounceMs = 300) {
  source().open();
  await settle(debounceMs);
  api.calls.length = 0;
}
