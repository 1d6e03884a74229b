import { formatMoney } from '#shared/format';
import { DEFAULT_CURRENCY } from '#shared/schemas/organization';
import { useOrganization } from './get-organization';

export interface Money {
  currency: string;
  /** With cents: a single gift, a total of gifts. */
  format(amount: number | string): string;
  /** Without cents: the dashboard's figures. */
  whole(amount: number | string): string;
}

/**
 * Amounts in the organization's display currency (issue 19 item 8), USD as SPEC.md says until
 * an admin chooses another in Settings > Organization, and while the setting loads.
 */
export function useMoney(): Money {
  const { data } = useOrganization();
  const currency = data?.currency ?? DEFAULT_CURRENCY;
  return {
    currency,
    format: (amount) => formatMoney(amount, currency),
    whole: (amount) => formatMoney(amount, currency, true),
  };
}
