import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/lib/utils';

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-input bg-card hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 rounded-md px-3',
        lg: 'h-11 rounded-md px-8',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/**
 * A submit button ignores the second click of a double-click: the first submitted, and a form
 * that cleared itself after saving would otherwise be sent again, empty ("Please enter both email
 * and password" replaced "User created successfully"). `detail` counts the clicks of a pair; a
 * key press (0) and single clicks (1) submit as ever.
 */
const onceOnSubmit = (onClick: ComponentProps<'button'>['onClick']) => (event: MouseEvent<HTMLButtonElement>) => {
  if (event.detail >= 2) {
    event.preventDefault();
    return;
  }
  onClick?.(event);
};

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'button';
  const onClick = props.type === 'submit' ? onceOnSubmit(props.onClick) : props.onClick;
  return <Comp className={cn(buttonVariants({ variant, size, className }))} {...props} onClick={onClick} />;
}
