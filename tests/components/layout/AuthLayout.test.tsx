import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthLayout } from '@/components/layout/AuthLayout';
import { authSlider } from '@/lib/constants';

afterEach(() => vi.useRealTimers());

// The slider column is hidden below 992px and jsdom applies no media queries, so queries include hidden elements.
const dots = () => screen.getAllByRole('button', { name: /^Show slide/, hidden: true });
const activeSlide = () => screen.getAllByRole('group', { hidden: true }).find((s) => s.getAttribute('aria-hidden') === 'false');

/** The carousel's code loads on demand: resolves once it is rendered (the first import takes a while under test). */
async function renderLayout(page: string) {
  render(<AuthLayout><p>{page}</p></AuthLayout>);
  await screen.findByRole('region', { name: 'What you can do with Convene', hidden: true }, { timeout: 15_000 });
}

describe('AuthLayout', () => {
  it('shows the wordmark, the page and a three-slide carousel', async () => {
    await renderLayout('the form');
    expect(screen.getByRole('link', { name: 'Convene home' })).toBeInTheDocument();
    expect(screen.getByText('the form')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What you can do with Convene', hidden: true })).toBeInTheDocument();
    expect(dots()).toHaveLength(3);
  });

  it('draws the active dot 40px wide and the others 8px, 30px from the bottom', async () => {
    await renderLayout('form');
    const [first, second] = dots();
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(getComputedStyle(first!).width).toBe(`${authSlider.activeDotWidth}px`);
    expect(getComputedStyle(second!).width).toBe(`${authSlider.inactiveDotWidth}px`);
    expect(getComputedStyle(first!.parentElement!).bottom).toBe(`${authSlider.dotsBottom}px`);
    expect(getComputedStyle(first!).backgroundColor).toBe('rgb(121, 108, 255)');
  });

  it('moves to a slide when its dot is clicked, and on by itself after a while', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderLayout('form');
    expect(within(activeSlide()!).getByRole('heading', { hidden: true })).toHaveTextContent('One hub for your whole team');
    await user.click(dots()[2]!);
    expect(dots()[2]).toHaveAttribute('aria-current', 'true');
    expect(within(activeSlide()!).getByRole('heading', { hidden: true })).toHaveTextContent('Meet where the work lives');
    await user.unhover(dots()[2]!);
    (document.activeElement as HTMLElement | null)?.blur();
    await act(async () => {
      vi.advanceTimersByTime(6500);
    });
    expect(dots()[0]).toHaveAttribute('aria-current', 'true');
  });
});
