import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** the performance score of every run, in order */
  performanceRuns: number[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Lighthouse (mobile, simulated throttling) in the system Chromium; the median of `runs` runs per score. */
export async function lighthouseScores(url: string, runs = 3): Promise<LighthouseScores> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  const all: Array<Omit<LighthouseScores, 'performanceRuns'>> = [];
  try {
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const c = result?.lhr.categories;
      if (!c) throw new Error(`Lighthouse returned no result for ${url}`);
      all.push({
        performance: Math.round((c.performance?.score ?? 0) * 100),
        accessibility: Math.round((c.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((c['best-practices']?.score ?? 0) * 100),
        seo: Math.round((c.seo?.score ?? 0) * 100),
      });
    }
  } finally {
    chrome.kill();
  }
  return {
    performance: median(all.map((s) => s.performance)),
    accessibility: median(all.map((s) => s.accessibility)),
    bestPractices: median(all.map((s) => s.bestPractices)),
    seo: median(all.map((s) => s.seo)),
    performanceRuns: all.map((s) => s.performance),
  };
}
