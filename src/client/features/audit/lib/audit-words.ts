/**
 * An entry's action and subject type in words ("donation.voided" is "Gift voided", "donation"
 * is "gift"), for the audit log's table, its dialog and its filters (decision 0182). The codes
 * stay beside them: they are what the CSV export and `npm run audit:verify` name. Words are made
 * from the code, so an action added later reads sensibly without an entry here; these only say
 * what the code's own words do not.
 */
const SUBJECTS: Record<string, string> = {
  donation: 'gift',
  donations: 'gifts',
  sign_in: 'sign-in',
  form_response: 'form answer',
  calendar_feed: 'calendar subscription',
  two_factor: 'two-factor sign-in',
  admin: 'admin action',
};

const WHOLE: Record<string, string> = {
  'sessions.ended-others': 'Other sessions ended',
  'notifications.read-all': 'All notifications read',
  'chat.read': 'Chat read up to a message',
};

const spaced = (code: string) => code.replace(/[_-]+/g, ' ').trim();
const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A subject type in words, lower case: "gift", "calendar subscription", "onboarding step". */
export const subjectWords = (subjectType: string) => SUBJECTS[subjectType] ?? spaced(subjectType);

export function actionWords(action: string): string {
  const whole = WHOLE[action];
  if (whole) return whole;
  const dot = action.indexOf('.');
  const subject = dot < 0 ? action : action.slice(0, dot);
  const verb = dot < 0 ? '' : action.slice(dot + 1);
  return capitalised([subjectWords(subject), spaced(verb)].filter(Boolean).join(' '));
}

/**
 * A filter's choices (actions, subject types), in words, capitalised and in their order; two
 * codes that read the same (which none do today) are told apart by their codes.
 */
export function wordChoices(codes: string[], words: (code: string) => string): { code: string; words: string }[] {
  const choices = codes.map((code) => ({ code, words: capitalised(words(code)) }));
  const seen = new Map<string, number>();
  for (const choice of choices) seen.set(choice.words, (seen.get(choice.words) ?? 0) + 1);
  return choices
    .map((choice) => (seen.get(choice.words)! > 1 ? { ...choice, words: `${choice.words} (${choice.code})` } : choice))
    .sort((a, b) => a.words.localeCompare(b.words));
}
