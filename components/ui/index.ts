export { Alert, type AlertProps, type AlertVariant } from './Alert'
export { Badge, type BadgeProps, type BadgeVariant } from './Badge'
export { Button, buttonClasses, type ButtonProps, type ButtonType } from './Button'
export { Card, CardContent, CardHeader, type CardHeaderProps } from './Card'
export { EmptyState, type EmptyStateProps } from './EmptyState'
export { Input, type InputProps } from './Input'
export { Label, type LabelProps } from './Label'
export { Modal, type ModalProps } from './Modal'
export { Select, type SelectOption, type SelectProps } from './Select'
export { Skeleton, type SkeletonProps } from './Skeleton'
export { Spinner, type SpinnerProps } from './Spinner'
export { Textarea, type TextareaProps } from './Textarea'
export { THEME_OPTIONS, THEMES, ThemeSwitcher, type ThemeName, type ThemeSwitcherProps } from './ThemeSwitcher'
export {
  BREAKPOINTS,
  CONTROL_HEIGHTS,
  DEFAULT_CONTROL_SIZE,
  fieldSizeClasses,
  LISTBOX_MAX_HEIGHT,
  modalSizeClasses,
  sizeClasses,
  type ControlSize,
  type ModalSize,
} from './sizes'
