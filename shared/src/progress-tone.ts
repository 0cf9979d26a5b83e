/**
 * Spec section 9: the colour of a progress bar follows the progress, 75 % or more in the accent
 * (green-like) colour, 45 to 74 % in the chart-4 colour, below 45 % in the primary colour.
 * The dashboard's project blocks and the project cards use the same rule.
 */
export type ProgressTone = 'accent' | 'chart-4' | 'primary';

/** The tone of a progress bar for a whole percent (values outside 0–100 read as their bound). */
export function progressTone(progress: number): ProgressTone {
  if (progress >= 75) return 'accent';
  if (progress >= 45) return 'chart-4';
  return 'primary';
}

/** The colour of each tone: the accent green, the chart-4 amber, antd's primary blue. */
export const progressToneColours: Record<ProgressTone, string> = {
  accent: '#16a34a',
  'chart-4': '#e8a93c',
  primary: '#1677ff',
};

/** The bar colour for a progress percent. */
export function progressColour(progress: number): string {
  return progressToneColours[progressTone(progress)];
}
