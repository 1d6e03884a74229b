import type { PublicFormUnavailable } from './forms';
import type { FormField } from './schemas/forms';

/**
 * What the public form page (`/f/<token>`, issue 21) and its two endpoints exchange. The page
 * needs no session, so these travel by plain fetch rather than the typed client.
 */

/** GET /api/public/forms/:token: the form as a visitor sees it. */
export interface PublicFormView {
  /** The ministry's name from Admin > Organization (the installation's name until saved). */
  ministryName: string;
  title: string;
  description: string | null;
  fields: FormField[];
  /** The form's own message, or DEFAULT_THANK_YOU. */
  thankYouMessage: string;
  /** Whom a personal link was sent to ("Sent to Ruth Park"); null on the public link. */
  recipientName: string | null;
}

/** A link that answers nothing (404 for an unknown link, 410 for the rest), with the plain sentence. */
export interface PublicFormRefusal {
  reason: PublicFormUnavailable;
  error: string;
}

/** A refused response: the message, and per field (or under FORM_ERROR_KEY) what to correct. */
export interface PublicResponseRefusal {
  error: string;
  reason?: PublicFormUnavailable;
  fieldErrors?: Record<string, string>;
}

/** POST /api/public/forms/:token/responses accepted: what to thank the person with. */
export interface PublicResponseAccepted {
  thankYouMessage: string;
}
