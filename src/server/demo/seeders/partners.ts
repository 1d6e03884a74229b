import { partners } from '#server/db/schema';
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
  ['Daniel & Ruth Alvarez', 'alvarez.family@example.com', 'Corpus Christi, TX', 'South', false],
  ['Living Water Outreach', 'hello@livingwater.example', 'Amarillo, TX', 'West', false],
  ['Peter Nguyen', 'peter.nguyen@example.com', 'Arlington, TX', 'North', false],
] as const;

export async function seedDemoPartners({ db, users, now }: DemoContext) {
  const day = 24 * 60 * 60 * 1000;
  return db
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
        lastContact: new Date(now.getTime() - (i * 5 + 2) * day).toISOString().slice(0, 10),
        // Joined before their first demo gift (about five months back), not all at this instant.
        createdAt: new Date(now.getTime() - (170 + i * 3) * day),
      })),
    )
    .returning({ id: partners.id, name: partners.name });
}
