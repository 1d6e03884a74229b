import { AlertCircle, Bell, Building2, Lock, User } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMe } from '@/features/auth/api/get-me';
import { useTabParam } from '@/lib/use-tab-param';
import { CalendarSubscriptionCard } from '@/features/calendar/widgets/calendar-subscription-card';
import { OrganizationSettings } from '@/features/organization/widgets/organization-settings';
import { useSettings } from '../api/get-settings';
import { NoAccessNotice } from './no-access-notice';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

const TABS = ['profile', 'security', 'notifications'] as const;
const TABS_OF_ADMINS = [...TABS, 'organization'] as const;

/** /settings: the signed-in person's own profile, password and notification preferences. */
export function SettingsPage() {
  const settings = useSettings();
  // The ministry's details are the admins' to change; the server refuses anyone else.
  const me = useMe().data;
  const isAdmin = me?.role === 'admin';
  // The feed is the calendar's: only people who hold it get an address.
  const hasCalendar = Boolean(me?.permissions.calendar);
  const [tab, setTab] = useTabParam(isAdmin ? TABS_OF_ADMINS : TABS);
  const { isError, error, errorUpdatedAt } = settings;
  useEffect(() => {
    if (isError) toast.error('Failed to load your settings', { id: 'settings-load-error', description: error.message });
  }, [isError, error, errorUpdatedAt]);

  return (
    <>
      <PageHeader title="Settings" description="Manage your account, password and notifications." />
      <NoAccessNotice />
      {settings.isPending ? (
        <div role="status" className="max-w-2xl space-y-4">
          <span className="sr-only">Loading your settings</span>
          <Skeleton className="h-10 w-80" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : settings.isError ? (
        <Card className="max-w-2xl">
          <CardContent role="alert" className="flex flex-wrap items-center gap-3 p-6 text-sm">
            <AlertCircle className="size-5 text-destructive" aria-hidden="true" />
            <span className="font-medium">Failed to load your settings</span>
            <Button variant="outline" size="sm" onClick={() => void settings.refetch()} disabled={settings.isFetching}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Tabs value={tab} onValueChange={setTab} className="max-w-2xl">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="profile">
              <User className="mr-2 size-4" aria-hidden="true" />
              Profile
            </TabsTrigger>
            <TabsTrigger value="security">
              <Lock className="mr-2 size-4" aria-hidden="true" />
              Security
            </TabsTrigger>
            <TabsTrigger value="notifications">
              <Bell className="mr-2 size-4" aria-hidden="true" />
              Notifications
            </TabsTrigger>
            {isAdmin && (
              <TabsTrigger value="organization">
                <Building2 className="mr-2 size-4" aria-hidden="true" />
                Organization
              </TabsTrigger>
            )}
          </TabsList>
          {/* The tabs with forms stay mounted while another tab shows: a name typed and not
              saved is still there on coming back, and leaving the page still asks (0157). */}
          <TabsContent value="profile" forceMount className="data-[state=inactive]:hidden">
            <ProfileTab settings={settings.data} />
            {hasCalendar && <CalendarSubscriptionCard />}
          </TabsContent>
          <TabsContent value="security">
            <SecurityTab email={settings.data.email} />
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationsTab settings={settings.data} />
          </TabsContent>
          {isAdmin && (
            <TabsContent value="organization" forceMount className="data-[state=inactive]:hidden">
              <OrganizationSettings />
            </TabsContent>
          )}
        </Tabs>
      )}
    </>
  );
}
