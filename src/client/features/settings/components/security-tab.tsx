import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangePasswordForm } from './change-password-form';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

export function SecurityTab({ email }: { email: string }) {
  return (
    <div className="space-y-6">
      <ChangePasswordCard email={email} />
      <TwoFactorCard />
      <SessionsCard />
    </div>
  );
}

function ChangePasswordCard({ email }: { email: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Change Password</CardTitle>
        <CardDescription>At least 6 characters. Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <ChangePasswordForm
          email={email}
          onChanged={() =>
            toast.success('Password changed successfully', { description: 'Your other sessions have been signed out.' })
          }
        />
      </CardContent>
    </Card>
  );
}
