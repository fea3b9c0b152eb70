import { render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { ErrorPageBoundary } from './error-page-boundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

test('when the error page itself fails, a plain message with a go-home link appears', () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <ErrorPageBoundary homeHref="/promo-frame/">
      <Broken />
    </ErrorPageBoundary>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
  expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/promo-frame/');
  consoleError.mockRestore();
});

test('a working error page renders untouched', () => {
  render(
    <ErrorPageBoundary homeHref="/promo-frame/">
      <p>fine</p>
    </ErrorPageBoundary>,
  );
  expect(screen.getByText('fine')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});
