export { Alert, type AlertProps, type AlertVariant } from './Alert'
export { Badge, type BadgeProps, type BadgeVariant } from './Badge'
export { Button, buttonClasses, type ButtonProps, type ButtonType } from './Button'
export { Card, CardContent, CardHeader, type CardHeaderProps } from './Card'
export { EmptyState, type EmptyStateProps } from './EmptyState'
export { Input, type InputProps } from './Input'
export { Label, type LabelProps } from './Label'
export { Listbox, type ListboxOption, type ListboxProps } from './Listbox'
export { Modal, type ModalProps } from './Modal'
export { ModalActions, type ModalActionsProps } from './ModalActions'
export { Select, type SelectOption, type SelectProps } from './Select'
export { Skeleton, type SkeletonProps } from './Skeleton'
export { Spinner, type SpinnerProps } from './Spinner'
export { Textarea, type TextareaProps } from './Textarea'
export { Toggle, type ToggleProps } from './Toggle'
export { UrlInput, type UrlInputProps } from './UrlInput'
export { THEME_OPTIONS, THEMES, ThemeSwitcher, type ThemeName, type ThemeSwitcherProps } from './ThemeSwitcher'
export {
  BREAKPOINTS,
  CONTROL_HEIGHTS,
  DEFAULT_CONTROL_SIZE,
  fieldSizeClasses,
  LISTBOX_MAX_HEIGHT,
  modalSizeClasses,
  SIDE_PANEL_WIDTHS_REM,
  sidePanelSizeClasses,
  sizeClasses,
  SWIPE_CLOSE_THRESHOLD_PX,
  type ControlSize,
  type ModalSize,
  type SidePanelSize,
} from './sizes'
export { SCROLLBAR_HIDE_DELAY_MS, TOAST_DURATION_MS } from './timings'
export { ScrollArea, type ScrollAreaProps } from './ScrollArea'
export { SidePanel, type SidePanelProps } from './SidePanel'
export { isTruncated, Tooltip, TruncatedText, type TooltipProps, type TruncatedTextProps } from './Tooltip'
