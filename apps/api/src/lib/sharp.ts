import type { Sharp, SharpOptions } from 'sharp';

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips) on first use: it holds ~20 MB once loaded, and most processes (every one that
 * never receives an upload or a share image) never need it.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then((m) => m.default as unknown as SharpFactory);
  return loading;
}
