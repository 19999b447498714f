const DIGITS = '₀₁₂₃₄₅₆₇₈₉';

/** 30 → "₃₀", for state names like x₃₀ in labels. */
export function sub(n: number): string {
  return String(n)
    .split('')
    .map((d) => (d === '-' ? '₋' : (DIGITS[Number(d)] ?? d)))
    .join('');
}
