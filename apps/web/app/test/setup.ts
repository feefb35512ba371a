import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/** Every component test ends the same way: nothing left rendered, real timers, the real fetch and window. */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
