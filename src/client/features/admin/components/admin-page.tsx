import { PageHeader } from '@/components/page-header';
import { AddCoordinatorCard } from './add-coordinator-card';
import { CoordinatorList } from './coordinator-list';
import { CreateUserCard } from './create-user-card';

/** /admin 'User Management': accounts, the coordinator role and per-feature switches (D4). */
export function AdminPage() {
  return (
    <>
      <PageHeader
        title="User Management"
        description="Create accounts, assign the coordinator role and choose what each coordinator can use."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <CreateUserCard />
        <AddCoordinatorCard />
      </div>
      <CoordinatorList />
    </>
  );
}
