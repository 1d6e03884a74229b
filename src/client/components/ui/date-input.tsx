import type { ComponentProps } from 'react';
import { EARLIEST_YEAR, LATEST_YEAR } from '#shared/limits';
import { Input } from './input';

/**
 * A calendar date field that offers only the years the server accepts (src/shared/limits.ts),
 * so the browser's picker never proposes a date the server would refuse. `max` may narrow it:
 * a gift or a contact cannot be dated after today.
 */
export function DateInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <Input type="date" min={`${EARLIEST_YEAR}-01-01`} max={`${LATEST_YEAR}-12-31`} {...props} />;
}
