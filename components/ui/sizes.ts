/**
 * SPEC §9 sizes in one place. Class strings are written out in full so Tailwind can see them.
 */

export type ControlSize = 'tiny' | 'small' | 'medium' | 'large' | 'xlarge'

export const DEFAULT_CONTROL_SIZE: ControlSize = 'small'

/** Control heights in px (buttons, inputs, selects). */
export const CONTROL_HEIGHTS = { tiny: 26, small: 34, medium: 38, large: 42, xlarge: 50 } as const satisfies Record<
  ControlSize,
  number
>

/** Height, horizontal padding and text size per control size (buttons). */
export const sizeClasses: Record<ControlSize, string> = {
  tiny: 'h-[26px] px-2.5 text-xs gap-1',
  small: 'h-[34px] px-3 text-sm gap-1.5',
  medium: 'h-[38px] px-4 text-sm gap-2',
  large: 'h-[42px] px-4 text-base gap-2',
  xlarge: 'h-[50px] px-6 text-base gap-2',
}

/** Height and padding per control size for text fields and selects. */
export const fieldSizeClasses: Record<ControlSize, string> = {
  tiny: 'h-[26px] px-2 text-xs',
  small: 'h-[34px] px-3 text-sm',
  medium: 'h-[38px] px-3 text-sm',
  large: 'h-[42px] px-4 text-base',
  xlarge: 'h-[50px] px-4 text-base',
}

/** Min-width breakpoints in px; the same values as `--breakpoint-*` in styles/globals.css. */
export const BREAKPOINTS = { mobile: 639, sm: 639, md: 767, lg: 1023, xl: 1027, '2xl': 1535 } as const

export type ModalSize = 'tiny' | 'small' | 'medium' | 'large' | 'xlarge' | 'xxlarge' | 'xxxlarge'

export const modalSizeClasses: Record<ModalSize, string> = {
  tiny: 'max-w-sm',
  small: 'max-w-md',
  medium: 'max-w-lg',
  large: 'max-w-xl',
  xlarge: 'max-w-2xl',
  xxlarge: 'max-w-4xl',
  xxxlarge: 'max-w-6xl',
}

/** SPEC §9: listbox max height 15rem. */
export const LISTBOX_MAX_HEIGHT = '15rem'
