import { useEffect } from 'react';
import { PRODUCT_TITLE } from './product';

/**
 * The tab's title for a screen, "Partners · Ministry Portal" (issue 27 item 7), so tabs and
 * history entries say where they lead. Set while the screen is shown.
 */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
  }, [title]);
}
