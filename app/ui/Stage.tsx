import { useLayoutEffect, useState, type ReactNode } from 'react';

/** Presentation mode draws on a 1920 × 1080 stage, scaled to fit the screen. */
export const STAGE = { width: 1920, height: 1080 };

/**
 * The 1920 × 1080 stage, scaled to the window and centred: the lesson's presentation mode
 * (app/lesson/LessonPage.tsx) and a practice problem posed to a room (app/practice/pose/).
 */
export function Stage({ children }: { children: ReactNode }) {
  const [box, setBox] = useState({ scale: 1, left: 0, top: 0 });
  useLayoutEffect(() => {
    const fit = () => {
      const scale = Math.min(window.innerWidth / STAGE.width, window.innerHeight / STAGE.height);
      setBox({ scale, left: (window.innerWidth - STAGE.width * scale) / 2, top: (window.innerHeight - STAGE.height * scale) / 2 });
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return (
    <div
      className="stage"
      style={{ width: STAGE.width, height: STAGE.height, transform: `translate(${box.left}px, ${box.top}px) scale(${box.scale})` }}
    >
      {children}
    </div>
  );
}
