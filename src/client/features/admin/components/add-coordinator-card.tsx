import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { actionToasts } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { addCoordinatorSchema, EMAIL_REQUIRED, type AddCoordinatorInput } from '#shared/schemas/admin';
import { useAddCoordinator } from '../api/add-coordinator';

// One action's toasts: a success closes the error of the try before (lib/toast.ts).
const toast = actionToasts('add-coordinator');

export function AddCoordinatorCard() {
  const addCoordinator = useAddCoordinator();
  const form = useForm<AddCoordinatorInput>({
    resolver: zodResolver(addCoordinatorSchema),
    defaultValues: { email: '' },
  });

  useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const coordinator = await addCoordinator.mutateAsync(values);
        toast.success('Coordinator added successfully', {
          description: `${coordinator.email} is now in the coordinator list.`,
        });
        form.reset();
      } catch (err) {
        toast.error('Failed to add coordinator', { description: err instanceof Error ? err.message : String(err) });
      }
    },
    (errors) => {
      if (!form.getValues().email.trim()) {
        toast.error(EMAIL_REQUIRED);
        return;
      }
      toast.error('Failed to add coordinator', { description: errors.email?.message });
    },
  );

  return (
    <Card role="region" aria-labelledby="add-coordinator-title">
      <CardHeader>
        <CardTitle id="add-coordinator-title" className="flex items-center gap-2 text-xl">
          <ShieldPlus className="size-5" aria-hidden="true" />
          Add Coordinator
        </CardTitle>
        <CardDescription>
          Give an existing account the coordinator role, so its permissions can be set below.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="add-coordinator-email">Email</Label>
            <Input id="add-coordinator-email" type="email" autoComplete="off" required {...form.register('email')} />
          </div>
          <Button type="submit" disabled={addCoordinator.isPending}>
            {addCoordinator.isPending ? 'Adding...' : 'Add Coordinator'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
