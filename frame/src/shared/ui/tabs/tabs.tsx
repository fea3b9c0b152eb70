import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };

/**
 * WAI-ARIA tabs over one panel: only the selected tab is in the Tab order, the arrow keys move
 * to and select the next tab (mirrored on right-to-left pages, wrapping at the ends), Home and
 * End jump to the first and last; the panel is labelled by its tab. Looks come from the caller.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  busy = false,
  classNames,
  children,
}: {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The panel's content is being replaced. */
  busy?: boolean;
  classNames: { list?: string; tab?: string; panel?: string };
  children: ReactNode;
}) {
  const base = useId();
  const tabs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === selected);
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const step = STEP[event.key];
    let next: number;
    if (step !== undefined) next = (index + (rtl ? -step : step) + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.key);
    tabs.current.get(item.key)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={classNames.list} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            ref={(element) => {
              if (element) tabs.current.set(item.key, element);
              else tabs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${base}-${item.key}`}
            aria-selected={item.key === selected}
            aria-controls={`${base}-panel`}
            tabIndex={item.key === selected ? 0 : -1}
            className={classNames.tab}
            onClick={() => onSelect(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        id={`${base}-panel`}
        role="tabpanel"
        aria-labelledby={`${base}-${selected}`}
        aria-busy={busy}
        className={classNames.panel}
      >
        {children}
      </div>
    </>
  );
}
