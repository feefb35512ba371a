import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { useNotify } from './notify';

export const ON_DEMAND_FAILED_TITLE = '화면을 불러오지 못했습니다';
export const ON_DEMAND_FAILED = '네트워크 연결을 확인한 뒤 다시 시도해주세요.';

export interface OnDemand<P> {
  /** Stands in for the component: renders it once its code is here, `fallback` (default nothing) until then. */
  Component: ComponentType<P>;
  /** Fetches the code ahead of need, e.g. on pointerenter or focus of what opens it. Safe to call often; never rejects. */
  preload(): Promise<void>;
}

/**
 * A component whose code is fetched only when first needed — a dialog opened, a tab shown — so that
 * it stays out of the JavaScript a page loads up front (budget: scripts/bench/page-weight.ts).
 *
 * `shown(props)` says when it is needed: the stand-in starts loading then, and from then on renders
 * the real component with every prop, closed or not, so it keeps its state as if it had always been
 * mounted. Code fetched earlier by `preload()` renders in the same commit, with no empty frame; SSR
 * never needs it, because nothing it hides is shown before an interaction. A failed fetch is
 * reported and tried again the next time it is needed. `fallback` (nothing by default, or a
 * function of the props) stands in while the code is on its way, and is what SSR renders.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { shown?(props: P): boolean; fallback?: ReactNode | ((props: P) => ReactNode) } = {},
): OnDemand<P> {
  const { shown = () => true, fallback = null } = options;
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;

  const fetchCode = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function Component(props: P) {
    // A function in state must be wrapped, or React would call it as an initialiser or an updater.
    const [real, setReal] = useState<{ C: ComponentType<P> } | null>(() => (loaded ? { C: loaded } : null));
    const { notify } = useNotify();
    const needed = shown(props);
    useEffect(() => {
      if (real || !needed) return;
      fetchCode().then(
        (C) => setReal({ C }),
        () => notify('error', ON_DEMAND_FAILED_TITLE, ON_DEMAND_FAILED),
      );
    }, [real, needed, notify]);
    // Code already here (preloaded, or fetched for another stand-in) renders at once.
    const C = real?.C ?? loaded;
    if (!C) return needed ? (typeof fallback === 'function' ? fallback(props) : fallback) : null;
    return <C {...props} />;
  }

  return {
    Component,
    preload: () =>
      fetchCode().then(
        () => {},
        () => {},
      ),
  };
}
