import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadHeaderMenu } from '../components/layout/header-menu';
import { preloadModal } from '../components/ui/modal';
import { preloadTabs } from '../components/ui/tabs';
import { preloadToasts } from '../lib/notify';

/**
 * The dialog, the header's menu, the tab list and the notices fetch their code when first needed
 * (decision 0021); a component test is about what they do, so their code is here from the start and
 * they render in the first commit. lib/on-demand.test.tsx tests the fetching itself.
 */
beforeAll(async () => {
  await Promise.all([preloadModal(), preloadHeaderMenu(), preloadTabs(), preloadToasts()]);
});

/** Every component test ends the same way: nothing left rendered, real timers, the real fetch and window. */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
