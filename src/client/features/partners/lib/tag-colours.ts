import type { TagColour } from '#shared/partners';

/**
 * The one place the tag palette (src/shared/partners.ts) becomes Tailwind classes: light
 * backgrounds with the darkest text of the same hue, readable at badge size (contrast above
 * 7:1), and a swatch for the colour picker.
 */
export const TAG_BADGE_CLASSES: Record<TagColour, string> = {
  gray: 'border-gray-300 bg-gray-100 text-gray-900',
  red: 'border-red-300 bg-red-100 text-red-900',
  orange: 'border-orange-300 bg-orange-100 text-orange-900',
  amber: 'border-amber-300 bg-amber-100 text-amber-900',
  green: 'border-green-300 bg-green-100 text-green-900',
  teal: 'border-teal-300 bg-teal-100 text-teal-900',
  blue: 'border-blue-300 bg-blue-100 text-blue-900',
  indigo: 'border-indigo-300 bg-indigo-100 text-indigo-900',
  purple: 'border-purple-300 bg-purple-100 text-purple-900',
  pink: 'border-pink-300 bg-pink-100 text-pink-900',
};

export const TAG_COLOUR_LABELS: Record<TagColour, string> = {
  gray: 'Gray',
  red: 'Red',
  orange: 'Orange',
  amber: 'Amber',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  indigo: 'Indigo',
  purple: 'Purple',
  pink: 'Pink',
};
