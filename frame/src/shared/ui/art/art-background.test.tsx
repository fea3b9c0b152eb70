import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ArtBackground } from './art-background.tsx';

test('background art is hidden from assistive technology and carries both files for the page mark to pick', () => {
  const { container } = render(<ArtBackground src="/genfiles/cms/lotto/powerball.png" className="emblem" />);
  const art = container.firstElementChild as HTMLElement;
  expect(art).toHaveAttribute('aria-hidden', 'true');
  expect(art).toHaveClass('emblem');
  expect(art.style.getPropertyValue('--art-webp')).toBe('url("/genfiles/cms/lotto/powerball.webp")');
  expect(art.style.getPropertyValue('--art-fallback')).toBe('url("/genfiles/cms/lotto/powerball.png")');
});
