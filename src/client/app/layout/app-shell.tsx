import { Menu } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useMe } from '@/features/auth/api/get-me';
import { NotificationBell } from '@/features/notifications/widgets/notification-bell';
import { useRealtimeConnection } from '@/lib/realtime';
import { PRODUCT_TITLE } from '@/lib/product';
import { OfflineBanner } from '@/offline/offline-banner';
import { SidebarContent } from './sidebar';

/** Sidebar on wide screens, a toggled drawer on small ones, the page beside it. */
export function AppShell() {
  const { data: me } = useMe();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useRealtimeConnection(Boolean(me));

  return (
    <div className="flex min-h-screen">
      {/* Keyboard users reach the page without tabbing through the whole sidebar (issue 27). */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-lg focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 md:block">
        <SidebarContent showBell />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex items-center gap-3 border-b bg-card px-4 py-3 md:hidden">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="outline" size="icon" aria-label="Open menu">
                <Menu aria-hidden="true" />
              </Button>
            </SheetTrigger>
            <SheetContent
              onOpenAutoFocus={(event) => {
                // Radix leaves links out when it picks what to focus, and chose Sign Out, where a
                // second Enter signed the person out: the menu opens on the page's own entry.
                const nav = (event.currentTarget as HTMLElement).querySelector('nav');
                const entry =
                  nav?.querySelector<HTMLElement>('a[aria-current="page"]') ??
                  nav?.querySelector<HTMLElement>('a[href]');
                if (entry) {
                  event.preventDefault();
                  entry.focus();
                }
              }}
            >
              <SheetTitle className="sr-only">Menu</SheetTitle>
              <SheetDescription className="sr-only">Main navigation</SheetDescription>
              <SidebarContent onNavigate={() => setDrawerOpen(false)} />
            </SheetContent>
          </Sheet>
          <span className="flex-1 font-semibold">{PRODUCT_TITLE}</span>
          <NotificationBell tone="bar" />
        </header>
        <OfflineBanner />
        <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none md:p-8">
          <UnsavedChangesGuard>
            <Suspense fallback={<Spinner className="min-h-[50vh]" />}>
              <Outlet />
            </Suspense>
          </UnsavedChangesGuard>
        </main>
      </div>
    </div>
  );
}
