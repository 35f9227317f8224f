import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { JoinBox } from '@/components/meetings/JoinBox';
import { renderWithApp } from '@/tests/render';

function renderBox() {
  const onJoin = vi.fn();
  const view = renderWithApp(<JoinBox onJoin={onJoin} />);
  return { ...view, onJoin, input: screen.getByRole('textbox', { name: 'Meeting code or link' }) };
}

describe('join box', () => {
  it('has one field with the placeholder and one Join button', () => {
    const { input } = renderBox();
    expect(input).toHaveAttribute('placeholder', 'abc-defg-hij or a meeting link');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Join' })).toBeInTheDocument();
  });

  // A phone's screen is narrower than the field and the button side by side (m13): the base layout stacks them.
  it('fits a phone: as wide as its container at most, the field over the button', () => {
    const { input } = renderBox();
    const form = input.closest('form') as HTMLElement;
    expect(getComputedStyle(form)).toMatchObject({ width: '100%', maxWidth: '500px' });
    expect(getComputedStyle(input.parentElement as HTMLElement).flexDirection).toBe('column');
  });

  it('joins with a typed code, whatever its case', async () => {
    const { user, input, onJoin } = renderBox();
    await user.type(input, ' ABC-DEFG-HIJ ');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(onJoin).toHaveBeenCalledWith('abc-defg-hij');
  });

  it('takes the code out of a pasted link, and Enter submits', async () => {
    const { user, input, onJoin } = renderBox();
    await user.click(input);
    await user.paste('https://convene.example/meet/xyz-abcd-efg?x=1');
    await user.keyboard('{Enter}');
    expect(onJoin).toHaveBeenCalledWith('xyz-abcd-efg');
  });

  it('explains what to type instead of joining with nonsense, and forgets the message when typing again', async () => {
    const { user, input, onJoin } = renderBox();
    await user.type(input, 'see you at 3pm');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(onJoin).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a meeting code like abc-defg-hij or paste a meeting link');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats an empty field as invalid', async () => {
    const { user, onJoin } = renderBox();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(onJoin).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a meeting code like abc-defg-hij or paste a meeting link')).toBeInTheDocument();
  });
});
