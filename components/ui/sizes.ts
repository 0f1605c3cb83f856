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

export type SidePanelSize = 'medium' | 'large' | 'xlarge' | 'xxlarge' | 'xxxlarge' | 'xxxxlarge'

/** SPEC §9: side panel widths, medium to xxxxlarge; on screens narrower than the width the panel is full width. */
export const SIDE_PANEL_WIDTHS_REM = {
  medium: 28,
  large: 36,
  xlarge: 48,
  xxlarge: 64,
  xxxlarge: 80,
  xxxxlarge: 96,
} as const satisfies Record<SidePanelSize, number>

export const sidePanelSizeClasses: Record<SidePanelSize, string> = {
  medium: 'max-w-[28rem]',
  large: 'max-w-[36rem]',
  xlarge: 'max-w-[48rem]',
  xxlarge: 'max-w-[64rem]',
  xxxlarge: 'max-w-[80rem]',
  xxxxlarge: 'max-w-[96rem]',
}

/** SPEC §9: a touch swipe towards the panel's edge longer than this closes a side panel. */
export const SWIPE_CLOSE_THRESHOLD_PX = 100

/** Switch track and knob per control size; the row around it keeps the control height. */
export const toggleSizeClasses: Record<ControlSize, { track: string; knob: string; on: string }> = {
  tiny: { track: 'h-3.5 w-6', knob: 'size-2.5', on: 'translate-x-2.5' },
  small: { track: 'h-4 w-7', knob: 'size-3', on: 'translate-x-3' },
  medium: { track: 'h-5 w-9', knob: 'size-4', on: 'translate-x-4' },
  large: { track: 'h-6 w-11', knob: 'size-5', on: 'translate-x-5' },
  xlarge: { track: 'h-7 w-13', knob: 'size-6', on: 'translate-x-6' },
}

/** Text size of a toggle's label per control size. */
export const toggleLabelClasses: Record<ControlSize, string> = {
  tiny: 'text-xs',
  small: 'text-sm',
  medium: 'text-sm',
  large: 'text-base',
  xlarge: 'text-base',
}
