import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { Tabs } from './tabs.tsx';

const ITEMS = [
  { key: 'a', label: 'Alpha' },
  { key: 'b', label: 'Beta' },
  { key: 'c', label: 'Gamma' },
] as const;

function Harness() {
  const [selected, setSelected] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs
      label="Views"
      items={ITEMS}
      selected={selected}
      onSelect={setSelected}
      classNames={{ list: '', tab: '', panel: '' }}
    >
      panel {selected}
    </Tabs>
  );
}

const selectedName = () => screen.getByRole('tab', { selected: true }).textContent;

test('one tab in the Tab order; arrows select and focus the next, wrapping; Home and End jump', () => {
  render(<Harness />);
  expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  const list = screen.getByRole('tablist');
  fireEvent.keyDown(list, { key: 'ArrowRight' });
  expect(selectedName()).toBe('Beta');
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Beta' }));
  expect(screen.getByRole('tabpanel', { name: 'Beta' }).textContent).toBe('panel b');
  fireEvent.keyDown(list, { key: 'End' });
  expect(selectedName()).toBe('Gamma');
  fireEvent.keyDown(list, { key: 'ArrowRight' });
  expect(selectedName()).toBe('Alpha');
  fireEvent.keyDown(list, { key: 'ArrowLeft' });
  expect(selectedName()).toBe('Gamma');
  fireEvent.keyDown(list, { key: 'Home' });
  expect(selectedName()).toBe('Alpha');
  fireEvent.keyDown(list, { key: 'x' });
  expect(selectedName()).toBe('Alpha');
});

test('on a right-to-left page the arrows follow the reading direction', () => {
  render(
    <div dir="rtl">
      <Harness />
    </div>,
  );
  fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowLeft' });
  expect(selectedName()).toBe('Beta');
  fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
  expect(selectedName()).toBe('Alpha');
});
