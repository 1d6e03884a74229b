import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { PartnerFilters } from '../api/list-partners';
import { TagFilter } from './tag-filter';

export type FilterValues = Pick<PartnerFilters, 'status' | 'zone' | 'cardholder' | 'tags' | 'match' | 'archived'>;

/** Every filter cleared (the search aside): the panel's Clear filters, the page's Clear search and filters. */
export const NO_FILTERS: Record<keyof FilterValues, undefined> = {
  status: undefined,
  zone: undefined,
  cardholder: undefined,
  tags: undefined,
  match: undefined,
  archived: undefined,
};

/** Filter by status, zone and cardholder status (D9), by tags, and show archived partners (issue 20). */
export function PartnerFilterPanel({
  id,
  values,
  zones,
  onChange,
}: {
  id: string;
  values: FilterValues;
  zones: string[];
  /**
   * Only what a control changed: the page merges it into the address as it is then. Sending
   * every value as rendered undid a change made just before, when the page had not drawn it yet
   * (Status back to Inactive after choosing All statuses and then Cardholders, on a busy machine).
   */
  onChange: (changes: Partial<FilterValues>) => void;
}) {
  const ids = useId();
  const active = [values.status, values.zone, values.cardholder, values.tags, values.archived].filter(Boolean).length;
  // A zone matches whatever its case (the server's filter too): the URL's "north" is the listed
  // "North". One asked for in the URL stays selectable even before the zone list has loaded.
  const listedZone = values.zone && zones.find((zone) => zone.toLowerCase() === values.zone!.toLowerCase());
  const zoneOptions = values.zone && !listedZone ? [values.zone, ...zones] : zones;
  return (
    <div
      id={id}
      className="mb-6 grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
      role="group"
      aria-label="Filters"
    >
      <div className="space-y-2">
        <Label htmlFor={`${ids}-status`}>Status</Label>
        <NativeSelect
          id={`${ids}-status`}
          value={values.status ?? ''}
          onChange={(e) => onChange({ status: (e.target.value || undefined) as FilterValues['status'] })}
        >
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </NativeSelect>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${ids}-zone`}>Zone</Label>
        <NativeSelect
          id={`${ids}-zone`}
          value={listedZone || values.zone || ''}
          onChange={(e) => onChange({ zone: e.target.value || undefined })}
        >
          <option value="">All zones</option>
          {zoneOptions.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${ids}-cardholder`}>Cardholder status</Label>
        <NativeSelect
          id={`${ids}-cardholder`}
          value={values.cardholder ?? ''}
          onChange={(e) => onChange({ cardholder: (e.target.value || undefined) as FilterValues['cardholder'] })}
        >
          <option value="">All partners</option>
          <option value="true">Cardholders</option>
          <option value="false">Not cardholders</option>
        </NativeSelect>
      </div>
      <TagFilter
        tags={values.tags ? values.tags.split(',') : []}
        match={values.match ?? 'any'}
        onChange={(tags, match) =>
          onChange({
            tags: tags.length > 0 ? tags.join(',') : undefined,
            match: tags.length > 1 && match === 'all' ? 'all' : undefined,
          })
        }
      />
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${ids}-archived`}
          checked={values.archived === 'true'}
          onCheckedChange={(on) => onChange({ archived: on === true ? 'true' : undefined })}
        />
        <Label htmlFor={`${ids}-archived`}>Show archived</Label>
      </div>
      <div className="flex items-end">
        <Button
          type="button"
          variant="ghost"
          disabled={active === 0}
          onClick={() => {
            onChange(NO_FILTERS);
            // The button is disabled once nothing is filtered, which dropped the focus to the
            // page: it goes to the first filter, to choose again.
            document.getElementById(`${ids}-status`)?.focus();
          }}
        >
          Clear filters
        </Button>
      </div>
    </div>
  );
}
