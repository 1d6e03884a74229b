import { useRouteError } from 'react-router';

/**
 * What a page that could not be shown says, instead of React Router's developer screen
 * ("Unexpected Application Error! … Hey developer"). Most often a page's code is missing: a tab
 * opened before an upgrade asks for the old build's file, which the new one no longer has. Then
 * a reload brings the new version. Plain elements: this is in the sign-in screen's download.
 */
export function RouteError() {
  return <PageFailure error={useRouteError()} />;
}

/** The same words for an error caught by hand (a page's code that did not arrive). */
export function PageFailure({ error }: { error: unknown }) {
  const { title, text } = !isMissingCode(error)
    ? {
        title: 'This page could not be shown',
        text: 'Something went wrong while showing this page. Reloading usually helps; if it keeps happening, tell your administrator.',
      }
    : navigator.onLine
      ? {
          title: 'A new version of the portal is ready',
          text: 'The portal was updated while this window was open. Reload to continue with the new version; nothing you saved is lost.',
        }
      : {
          title: 'This page needs a connection',
          text: 'It has not been opened on this device before. Reload once you are back online.',
        };
  return (
    <div role="alert" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 p-4 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-md text-muted-foreground">{text}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        Reload
      </button>
    </div>
  );
}

/** A page's code that did not arrive: each browser words the failed dynamic import its own way. */
function isMissingCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}
