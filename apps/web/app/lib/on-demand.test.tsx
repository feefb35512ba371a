import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { click, settle } from '../test/dom';
import { renderInApp } from '../test/render';
import { ON_DEMAND_FAILED, onDemand } from './on-demand';

interface Props {
  open: boolean;
  label: string;
}

/** The real component: it remembers the label of its first render, so a test sees whether it stayed mounted. */
function Panel({ open, label }: Props) {
  const [opened] = useState(() => label);
  return open ? <p role="dialog">{`${label} (first seen as ${opened})`}</p> : null;
}

/** A load the test finishes (or fails) when it likes. */
function controlledLoad() {
  const calls: Array<{ resolve(): void; reject(): void }> = [];
  const load = vi.fn(
    () =>
      new Promise<typeof Panel>((resolve, reject) => {
        calls.push({ resolve: () => resolve(Panel), reject: () => reject(new Error('chunk failed')) });
      }),
  );
  return { load, calls };
}

function Opener({ panel }: { panel: ReturnType<typeof onDemand<Props>> }) {
  const [open, setOpen] = useState(false);
  const [n, setN] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <button
        type="button"
        onClick={() => {
          setOpen(false);
          setN((x) => x + 1);
        }}
      >
        close
      </button>
      <panel.Component open={open} label={`panel ${n}`} />
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name });

describe('onDemand', () => {
  it('loads nothing until shown, then renders the real component with its props once the code is here', async () => {
    const { load, calls } = controlledLoad();
    const panel = onDemand(load, { shown: (p: Props) => p.open });
    renderInApp(<Opener panel={panel} />);
    await settle();
    expect(load).not.toHaveBeenCalled();

    click(button('open'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    calls[0]?.resolve();
    await settle();
    expect(screen.getByRole('dialog').textContent).toBe('panel 1 (first seen as panel 1)');

    // Closed and opened again: the same mounted component, no second load.
    click(button('close'));
    expect(screen.queryByRole('dialog')).toBeNull();
    click(button('open'));
    expect(screen.getByRole('dialog').textContent).toBe('panel 2 (first seen as panel 1)');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders preloaded code in the same commit as the opening click', async () => {
    const { load, calls } = controlledLoad();
    const panel = onDemand(load, { shown: (p: Props) => p.open });
    renderInApp(<Opener panel={panel} />);
    const preloaded = panel.preload();
    void panel.preload();
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]?.resolve();
    await preloaded;

    click(button('open'));
    expect(screen.getByRole('dialog').textContent).toBe('panel 1 (first seen as panel 1)');
  });

  it('reports a failed load and tries again the next time it is shown', async () => {
    const { load, calls } = controlledLoad();
    const panel = onDemand(load, { shown: (p: Props) => p.open });
    renderInApp(<Opener panel={panel} />);
    click(button('open'));
    calls[0]?.reject();
    await settle();
    expect(screen.getByText(ON_DEMAND_FAILED)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    click(button('close'));
    click(button('open'));
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]?.resolve();
    await settle();
    expect(screen.getByRole('dialog').textContent).toBe('panel 2 (first seen as panel 2)');
  });

  it('shows the fallback while loading when shown, and nothing on the server', async () => {
    const { load, calls } = controlledLoad();
    const tab = onDemand(load, { fallback: <p>loading</p> });
    expect(renderToString(<tab.Component open label="tab" />)).toBe('<p>loading</p>');
    renderInApp(<tab.Component open label="tab" />);
    expect(screen.getByText('loading')).toBeTruthy();
    calls[0]?.resolve();
    await settle();
    expect(screen.getByRole('dialog').textContent).toBe('tab (first seen as tab)');

    const closed = onDemand(load, { shown: (p: Props) => p.open });
    expect(renderToString(<closed.Component open={false} label="closed" />)).toBe('');
  });
});
