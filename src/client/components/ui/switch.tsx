import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A switch. `pending` is for a change being saved: the switch keeps the keyboard focus (a
 * disabled button drops it to the page, and a screen-reader user lost their place after every
 * toggle), says it is busy, and ignores presses until the save is done.
 */
export function Switch({
  className,
  pending = false,
  onCheckedChange,
  ...props
}: ComponentProps<typeof SwitchPrimitive.Root> & { pending?: boolean }) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-progress aria-busy:opacity-70 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      aria-busy={pending || undefined}
      onCheckedChange={(checked) => {
        if (!pending) onCheckedChange?.(checked);
      }}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </SwitchPrimitive.Root>
  );
}
