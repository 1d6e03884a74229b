import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import {
  CURRENCIES,
  ORGANIZATION_LIMITS,
  organizationSettingsSchema,
  type Organization,
  type OrganizationSettingsInput,
} from '#shared/schemas/organization';
import { useOrganization } from '../api/get-organization';
import { useSaveOrganization } from '../api/save-organization';
import { LogoField } from '../components/logo-field';

/**
 * Settings > Organization (admins): the ministry's name, address, logo, the year-end statement
 * text and the display currency. The server refuses anyone else whatever this shows.
 */
export function OrganizationSettings() {
  const organization = useOrganization();
  if (organization.isPending) {
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">Loading the organization settings</span>
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (organization.isError) {
    return (
      <Card>
        <CardContent role="alert" className="flex flex-wrap items-center gap-3 p-6 text-sm">
          <AlertCircle className="size-5 text-destructive" aria-hidden="true" />
          <span className="font-medium">Failed to load the organization settings</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void organization.refetch()}
            disabled={organization.isFetching}
          >
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <OrganizationForm organization={organization.data} />
      <LogoField logoUrl={organization.data.logoUrl} />
    </div>
  );
}

const valuesOf = ({ name, address, statementText, currency }: Organization): OrganizationSettingsInput => ({
  name,
  address,
  statementText,
  currency,
});

function OrganizationForm({ organization }: { organization: Organization }) {
  const save = useSaveOrganization();
  const form = useForm<OrganizationSettingsInput>({
    resolver: zodResolver(organizationSettingsSchema),
    defaultValues: valuesOf(organization),
  });
  const { errors } = form.formState;

  useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(valuesOf(saved));
      toast.success('Organization settings saved');
    } catch (err) {
      toast.error('Failed to save the organization settings', {
        description: err instanceof Error ? err.message : String(err),
      });
    }
  });

  const field = (name: keyof OrganizationSettingsInput) => ({
    id: `organization-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `organization-${name}-error` : undefined,
  });
  const error = (name: keyof OrganizationSettingsInput) =>
    errors[name] && (
      <p id={`organization-${name}-error`} role="alert" className="text-sm text-destructive">
        {errors[name].message}
      </p>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Organization</CardTitle>
        <CardDescription>How the ministry appears on year-end statements and in the portal.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="organization-name">Ministry name</Label>
            <Input {...field('name')} maxLength={ORGANIZATION_LIMITS.name} {...form.register('name')} />
            {error('name')}
          </div>
          <div className="space-y-2">
            <Label htmlFor="organization-address">Postal address</Label>
            <Textarea
              {...field('address')}
              rows={3}
              maxLength={ORGANIZATION_LIMITS.address}
              {...form.register('address')}
            />
            {error('address')}
          </div>
          <div className="space-y-2">
            <Label htmlFor="organization-statementText">Year-end statement text</Label>
            <Textarea
              {...field('statementText')}
              rows={6}
              maxLength={ORGANIZATION_LIMITS.statementText}
              aria-describedby="organization-statementText-hint"
              {...form.register('statementText')}
            />
            <p id="organization-statementText-hint" className="text-xs text-muted-foreground">
              Printed on every statement: your thanks and the tax wording. Blank lines start new paragraphs.
            </p>
            {error('statementText')}
          </div>
          <div className="space-y-2">
            <Label htmlFor="organization-currency">Currency</Label>
            <NativeSelect {...field('currency')} className="w-40" {...form.register('currency')}>
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </NativeSelect>
            {error('currency')}
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
