import { Mail, ScrollText, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useMe } from '@/features/auth/api/get-me';
import { ExportCard } from '@/features/export/widgets/export-card';
import { AddCoordinatorCard } from './add-coordinator-card';
import { CoordinatorList } from './coordinator-list';
import { CreateUserCard } from './create-user-card';

/** /admin 'User Management': accounts, the coordinator role and per-feature switches (D4). */
export function AdminPage() {
  const { data: me } = useMe();
  return (
    <>
      <PageHeader
        title="User Management"
        description="Create accounts, assign the coordinator role and choose what each coordinator can use."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/admin/accounts">
                <Users aria-hidden="true" />
                Accounts
              </Link>
            </Button>
            {me?.role === 'admin' && (
              <>
                <Button variant="outline" asChild>
                  <Link to="/admin/audit">
                    <ScrollText aria-hidden="true" />
                    Audit log
                  </Link>
                </Button>
                <Button variant="outline" asChild>
                  <Link to="/admin/email">
                    <Mail aria-hidden="true" />
                    Email
                  </Link>
                </Button>
              </>
            )}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <CreateUserCard />
        <AddCoordinatorCard />
      </div>
      <CoordinatorList />
      {/* The complete export is for admins only (decision 0128), like the audit log. */}
      {me?.role === 'admin' && <ExportCard />}
    </>
  );
}
