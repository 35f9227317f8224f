import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { authSlider, theme } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { HubsScene, MeetingsScene, SpacesScene } from './slides';

const AUTOPLAY_MS = 6000;

const slides: Array<{ title: string; text: string; scene: ReactNode }> = [
  {
    title: 'One hub for your whole team',
    text: 'Create a hub for your organisation, invite colleagues, and let everyone with your email domain join in a click.',
    scene: <HubsScene />,
  },
  {
    title: 'Spaces that remember what you know',
    text: 'Keep documents, tables and notes in spaces that are open to everyone, shared with a few, or private to you.',
    scene: <SpacesScene />,
  },
  {
    title: 'Meet where the work lives',
    text: 'Start a video meeting from any space, with the documents you are discussing one click away.',
    scene: <MeetingsScene />,
  },
];

/** Fills AuthLayout's backdrop, which draws the panel. */
const Panel = styled.section`
  position: relative;
  height: 100%;
`;

const Slide = styled.div<{ $active: boolean }>`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 40px;
  padding: 48px 48px 96px;
  text-align: center;
  opacity: ${({ $active }) => ($active ? 1 : 0)};
  visibility: ${({ $active }) => ($active ? 'visible' : 'hidden')};
  transform: translateY(${({ $active }) => ($active ? 0 : 8)}px);
  transition:
    opacity 0.5s ease,
    transform 0.5s ease,
    visibility 0.5s;

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const Copy = styled.div`
  max-width: 420px;

  h2 {
    margin: 0 0 10px;
    font-size: 24px;
    font-weight: 600;
    line-height: 1.3;
    letter-spacing: -0.02em;
    color: ${colors.heading};
  }

  p {
    margin: 0;
    font-size: 15px;
    line-height: 1.6;
    color: ${colors.textSoft};
  }
`;

const Dots = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: ${authSlider.dotsBottom}px;
  display: flex;
  justify-content: center;
  gap: 8px;
`;

const Dot = styled.button<{ $active: boolean }>`
  width: ${({ $active }) => ($active ? authSlider.activeDotWidth : authSlider.inactiveDotWidth)}px;
  height: 8px;
  padding: 0;
  border: 0;
  border-radius: 4px;
  cursor: pointer;
  background: ${({ $active }) => ($active ? theme.primaryColor : `${theme.primaryColor}55`)};
  transition:
    width 0.3s ease,
    background 0.3s ease;

  &:focus-visible {
    outline: 2px solid ${theme.primaryColor};
    outline-offset: 3px;
  }
`;

/** The auth screens' product carousel; pauses while hovered or focused. */
export function AuthSlider() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => setActive((i) => (i + 1) % slides.length), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [active, paused]);

  return (
    <Panel
      aria-roledescription="carousel"
      aria-label="What you can do with Convene"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, i) => (
        <Slide
          key={slide.title}
          $active={i === active}
          role="group"
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${slides.length}`}
          aria-hidden={i !== active}
        >
          {slide.scene}
          <Copy>
            <h2>{slide.title}</h2>
            <p>{slide.text}</p>
          </Copy>
        </Slide>
      ))}
      <Dots>
        {slides.map((slide, i) => (
          <Dot
            key={slide.title}
            type="button"
            $active={i === active}
            aria-label={`Show slide ${i + 1}: ${slide.title}`}
            aria-current={i === active}
            onClick={() => setActive(i)}
          />
        ))}
      </Dots>
    </Panel>
  );
}
