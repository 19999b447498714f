/** The directions the second-order chapter's slider offers: v = (cos φ, sin φ), φ from 0° to 180° in steps of 15°. */
export const ANGLE_STEP = 15;

/** The unit direction v at angle φ (degrees) from the x axis, exact on the axes (cos 90° is 6e-17 in floating point). */
export function directionAt(degrees: number): { x: number; y: number } {
  const r = (degrees * Math.PI) / 180;
  const round = (u: number) => (Math.abs(u) < 1e-12 ? 0 : u);
  return { x: round(Math.cos(r)), y: round(Math.sin(r)) };
}
