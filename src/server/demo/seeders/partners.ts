import { partnerContacts, partners, partnerTagLinks, partnerTags } from '#server/db/schema';
import type { ContactKind, TagColour } from '#shared/partners';
import type { DemoContext } from '../seed';

const PARTNERS = [
  ['Grace Community Church', 'contact@gracecommunity.example', 'Dallas, TX', 'North', true],
  ['John & Mary Thompson', 'thompsons@example.com', 'Austin, TX', 'Central', true],
  ['Hope Fellowship', 'office@hopefellowship.example', 'Houston, TX', 'South', false],
  ['Rebecca Martinez', 'rebecca.martinez@example.com', 'San Antonio, TX', 'South', true],
  ['New Life Ministries', 'info@newlife.example', 'Fort Worth, TX', 'North', false],
  ['Samuel Okafor', 'samuel.okafor@example.com', 'Plano, TX', 'North', true],
  ['Faith Builders Foundation', 'grants@faithbuilders.example', 'El Paso, TX', 'West', false],
  ['Esther Kim', 'esther.kim@example.com', 'Lubbock, TX', 'West', true],
  ['Cornerstone Bible Church', 'admin@cornerstone.example', 'Waco, TX', 'Central', false],
  ['Daniel & Ruth Álvarez', 'alvarez.family@example.com', 'Corpus Christi, TX', 'South', false],
  ['Living Water Outreach', 'hello@livingwater.example', 'Amarillo, TX', 'West', false],
  ['Peter Nguyen', 'peter.nguyen@example.com', 'Arlington, TX', 'North', false],
] as const;

/**
 * Met two months ago, first gift this month: the Giving screen's "First-time donors this month"
 * (donations.ts).
 */
export const NEW_PARTNER = 'Samuel Okafor';

/** A few logged contacts per partner (issue 20): the log sets each partner's last contact. */
const CONTACTS: [ContactKind, string][] = [
  ['call', 'Called to say thank you for their support; they asked for the next newsletter.'],
  ['prayer_request', 'Asked for prayer for a family member in hospital.'],
  ['visit', 'Visited after the Sunday service and shared the ministry update.'],
  ['email', 'Sent the quarterly report; they replied with questions about the cardholder program.'],
  ['letter', 'Mailed a handwritten thank-you letter.'],
  ['meeting', 'Met over coffee to talk about a year-end gift.'],
];

/** Tags a ministry groups its partners by (issue 20), and the partners (by index) carrying each. */
const TAGS: [string, TagColour, number[]][] = [
  ['Monthly supporter', 'green', [0, 1, 3, 7]],
  ['Prayer team', 'teal', [1, 3, 7, 9]],
  ['Church', 'indigo', [0, 2, 4, 8, 10]],
  ['Event volunteer', 'amber', [3, 5, 11]],
];

export async function seedDemoPartners({ db, users, now }: DemoContext) {
  const day = 24 * 60 * 60 * 1000;
  const rows = await db
    .insert(partners)
    .values(
      PARTNERS.map(([name, email, location, zone, cardholder], i) => ({
        name,
        email,
        location,
        zone,
        cardholderStatus: cardholder,
        phone: `(555) 01${String(i).padStart(2, '0')}-${String(1000 + i * 37).slice(0, 4)}`,
        status: i === 11 ? ('inactive' as const) : ('active' as const),
        coordinator: users.coordinators[i % users.coordinators.length]!.name,
        userId: users.admin.id,
        // Joined before their first demo gift (a year and a half back), not all at this instant;
        // the new partner two months ago, before the contacts logged with them.
        createdAt: new Date(now.getTime() - (name === NEW_PARTNER ? 60 : 560 + i * 3) * day),
      })),
    )
    .returning({ id: partners.id, name: partners.name });
  const dayOf = (daysAgo: number) => new Date(now.getTime() - daysAgo * day).toISOString().slice(0, 10);
  await db.insert(partnerContacts).values(
    rows.flatMap(({ id }, i) =>
      [0, 1].map((n) => {
        const [kind, body] = CONTACTS[(i + n * 3) % CONTACTS.length]!;
        const by = users.coordinators[(i + n) % users.coordinators.length]!;
        // The latest one i * 5 + 2 days back, as the typed last contacts were before the log.
        const daysAgo = i * 5 + 2 + n * 21;
        return {
          partnerId: id,
          kind,
          body,
          contactDate: dayOf(daysAgo),
          createdBy: by.id,
          createdAt: new Date(now.getTime() - daysAgo * day),
        };
      }),
    ),
  );
  const tags = await db
    .insert(partnerTags)
    .values(TAGS.map(([name, colour]) => ({ name, colour, createdBy: users.admin.id })))
    .returning({ id: partnerTags.id });
  await db
    .insert(partnerTagLinks)
    .values(TAGS.flatMap(([, , holders], t) => holders.map((i) => ({ tagId: tags[t]!.id, partnerId: rows[i]!.id }))));
  return rows;
}
