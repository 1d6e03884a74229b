import { useEffect, useState } from 'react';
import { toastPlacement, unionOf, type ToastPlacement } from './toast-placement';

const OPEN_DIALOGS = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

/**
 * The toaster's place, measured again whenever a dialog opens, closes or changes its content,
 * and when the window is resized (at most once a frame).
 */
export function useToastPlacement(): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>({ position: 'top-center' });
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const boxes = [...document.querySelectorAll(OPEN_DIALOGS)]
        .map((el) => el.getBoundingClientRect())
        .filter((b) => b.width > 0 && b.height > 0);
      const next = toastPlacement({ width: window.innerWidth, height: window.innerHeight }, unionOf(boxes));
      setPlacement((current) => (current.position === next.position && current.width === next.width ? current : next));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
  return placement;
}
