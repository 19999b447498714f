/** The chain lengths the work and memory chapters step through (the lab's work curve is counted at each). */
export const WORK_STEPS = [2, 5, 10, 20, 50, 100, 200] as const;
