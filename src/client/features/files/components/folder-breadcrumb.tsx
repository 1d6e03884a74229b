import { ChevronRight, Home } from 'lucide-react';
import { Fragment } from 'react';
import { folderTrail, ROOT_FOLDER } from '#shared/schemas/files';

/** Home, then each folder level; every level but the current one opens its folder. */
export function FolderBreadcrumb({ folder, onOpen }: { folder: string; onOpen: (path: string) => void }) {
  const trail = folderTrail(folder);
  // The current level takes the focus when a folder is opened (files-page.tsx): the button
  // pressed to open it is gone with the folder it was in.
  const currentClass = 'rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  const linkClass =
    'rounded-sm px-1 text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <nav aria-label="Breadcrumb" className="mb-4">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        <li>
          {trail.length === 0 ? (
            <span
              aria-current="page"
              tabIndex={-1}
              className={`flex items-center gap-1 px-1 font-medium ${currentClass}`}
            >
              <Home className="size-4" aria-hidden="true" />
              Home
            </span>
          ) : (
            <button
              type="button"
              className={`flex items-center gap-1 ${linkClass}`}
              onClick={() => onOpen(ROOT_FOLDER)}
            >
              <Home className="size-4" aria-hidden="true" />
              Home
            </button>
          )}
        </li>
        {trail.map((level, i) => (
          <Fragment key={level.path}>
            <li aria-hidden="true" className="text-muted-foreground">
              <ChevronRight className="size-4" />
            </li>
            {/* A long name without spaces breaks inside itself: it pushed the page sideways on a phone. */}
            <li className="min-w-0 wrap-anywhere">
              {i === trail.length - 1 ? (
                <span aria-current="page" tabIndex={-1} className={`px-1 font-medium ${currentClass}`}>
                  {level.name}
                </span>
              ) : (
                <button type="button" className={`text-left ${linkClass}`} onClick={() => onOpen(level.path)}>
                  {level.name}
                </button>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
