import { render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { req } from '../../../../docs/requirements/req.js';
import { AppProviders } from './AppProviders';

function MotionProbe() {
  const { token } = antdTheme.useToken();
  return <span>motion {String(token.motion)}</span>;
}

function askReducedMotion(asked: boolean) {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query.includes('prefers-reduced-motion')
      ? ({ ...original(query), matches: asked } as MediaQueryList)
      : original(query),
  );
}

afterEach(() => vi.restoreAllMocks());

describe(`reduced motion ${req('UI-010')}`, () => {
  it('turns antd motion off when the system asks for reduced motion', () => {
    askReducedMotion(true);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByText('motion false')).toBeInTheDocument();
  });

  it('keeps the animations otherwise', () => {
    askReducedMotion(false);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByText('motion true')).toBeInTheDocument();
  });
});
