import {
  Calendar,
  CheckSquare,
  FolderOpen,
  HandCoins,
  LayoutDashboard,
  LogOut,
  MessageSquare,
  MoreHorizontal,
  Settings,
  Shield,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { useMe } from '@/features/auth/api/get-me';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useChatUnreadTotal } from '@/features/chat/widgets/chat-unread';
import { NotificationBell } from '@/features/notifications/widgets/notification-bell';
import { cn } from '@/lib/utils';
import { NAV_ENTRIES } from '#shared/navigation';
import { PRODUCT_SUBTITLE, PRODUCT_TITLE } from '@/lib/product';

const ICONS: Record<(typeof NAV_ENTRIES)[number]['path'], LucideIcon> = {
  '/dashboard': LayoutDashboard,
  '/giving': HandCoins,
  '/partners': Users,
  '/tasks': CheckSquare,
  '/calendar': Calendar,
  '/chat': MessageSquare,
  '/files': FolderOpen,
  '/more': MoreHorizontal,
  '/admin': Shield,
  '/settings': Settings,
};

/**
 * Navigation entries the person may use (and only those), then who is signed in. The bell sits
 * in the header on wide screens; in the phone drawer the top bar has it instead.
 */
export function SidebarContent({ onNavigate, showBell = false }: { onNavigate?: () => void; showBell?: boolean }) {
  const { data: me } = useMe();
  const signOut = useSignOut();
  const entries = NAV_ENTRIES.filter((e) => me?.permissions[e.feature]);
  const fullName = me?.user.displayName || me?.user.name || 'Ministry Partner';
  const chatUnread = useChatUnreadTotal(me?.user.id, Boolean(me?.permissions.chat));

  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex items-start justify-between gap-2 border-b border-white/10 px-5 py-5">
        <div>
          <p className="text-lg font-bold">{PRODUCT_TITLE}</p>
          <p className="text-xs opacity-75">{PRODUCT_SUBTITLE}</p>
        </div>
        {showBell && <NotificationBell />}
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {entries.map((entry) => {
            const Icon = ICONS[entry.path];
            const unread = entry.path === '/chat' ? chatUnread : 0;
            return (
              <li key={entry.path}>
                <NavLink
                  to={entry.path}
                  onClick={onNavigate}
                  aria-label={unread > 0 ? `${entry.label}, ${unread > 99 ? '99+' : unread} unread` : undefined}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-sidebar-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/70',
                      isActive && 'bg-sidebar-accent',
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {entry.label}
                  {unread > 0 && (
                    <span
                      aria-hidden="true"
                      data-testid="chat-unread-total"
                      className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
                    >
                      {unread > 99 ? '99+' : unread}
                    </span>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-white/10 p-4">
        <p className="truncate text-sm font-medium" data-testid="sidebar-user-name">
          {fullName}
        </p>
        <p className="truncate text-xs opacity-75" data-testid="sidebar-user-email">
          {me?.user.email}
        </p>
        <Button
          variant="ghost"
          size="sm"
          className="mt-3 w-full justify-start text-sidebar-foreground hover:bg-sidebar-accent hover:text-sidebar-foreground"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          <LogOut aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    </div>
  );
}
