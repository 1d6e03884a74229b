import { AlertCircle, Search, UserPlus, Users, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { matchesSearch } from '#shared/search-fold';
import { useCoordinators } from '../api/list-coordinators';
import { CoordinatorItem } from './coordinator-item';

/** The coordinators, searchable by email (case-insensitive), each with its switches. */
export function CoordinatorList() {
  const { data: me } = useMe();
  const coordinators = useCoordinators();
  const [search, setSearch] = useState('');

  const { isError, error, errorUpdatedAt } = coordinators;
  useEffect(() => {
    if (isError)
      toast.error('Failed to load coordinators', { id: 'coordinators-load-error', description: error.message });
  }, [isError, error, errorUpdatedAt]);

  const query = search.trim();
  const shown = (coordinators.data ?? []).filter((c) => matchesSearch(query, c.email));

  return (
    <Card role="region" aria-labelledby="coordinators-title" className="mt-6">
      <CardHeader>
        <CardTitle id="coordinators-title" className="flex items-center gap-2 text-xl">
          <Users className="size-5" aria-hidden="true" />
          Coordinators
        </CardTitle>
        <CardDescription>
          Each switch takes effect at once, also in the coordinator's open windows. Accounts without access are listed
          too, so they can be added again.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="max-w-sm space-y-2">
          <Label htmlFor="coordinator-search">Search by email</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="coordinator-search"
              type="search"
              className="pl-9"
              placeholder="name@example.org"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>

        {coordinators.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading coordinators</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-32 w-full" />
            ))}
          </div>
        ) : coordinators.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 p-4 text-sm"
          >
            <AlertCircle className="size-5 text-destructive" aria-hidden="true" />
            <span className="font-medium">Failed to load coordinators</span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void coordinators.refetch()}
              disabled={coordinators.isFetching}
            >
              Try again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <EmptyState
            icon={Users}
            size="inline"
            action={
              query ? (
                <Button variant="outline" size="sm" onClick={() => setSearch('')}>
                  <X aria-hidden="true" />
                  Clear the search
                </Button>
              ) : (
                // The form is on this screen, above: the step is to type there.
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => document.getElementById('add-coordinator-email')?.focus()}
                >
                  <UserPlus aria-hidden="true" />
                  Add a coordinator
                </Button>
              )
            }
          >
            {query ? `No coordinators match "${search.trim()}"` : 'No coordinators yet. Add one by email above.'}
          </EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Coordinators">
            {shown.map((coordinator) => (
              <CoordinatorItem
                key={coordinator.id}
                coordinator={coordinator}
                isSelf={coordinator.id === me?.user.id}
                viewer={me ?? null}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
