/**
 * Bulk synthetic data for the benchmarks, written set-based (INSERT ... SELECT FROM
 * generate_series) so a million gifts take seconds, not a million round trips. The same SQL
 * runs on PGlite and PostgreSQL. Everything is derived from the row number, so two runs seed
 * the same rows and the search terms match a known share of partners:
 *
 * - COMMON_TERM is the surname of one partner in a hundred (in name and email): 1% match.
 * - RARE_TERM is a first and a last name that are each common (about 2% and 0.5% of partners)
 *   but never appear together except in RARE_MATCHES rows: a search whose trigrams are all
 *   frequent and whose matches are few, the worst case for a scan or a walk in name order.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { rebuildGivingRollup } from '../src/server/features/giving/giving-rollup';

export const COMMON_TERM = 'whitfield';
export const RARE_TERM = 'rosalind okafor';
export const RARE_MATCHES = 12;

const FIRST_NAMES = [
  'Rosalind',
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Paul',
  'Ashley',
  'Steven',
  'Kimberly',
  'Andrew',
  'Emily',
  'Joshua',
  'Donna',
  'Kenneth',
  'Michelle',
  'Kevin',
  'Carol',
  'Brian',
  'Amanda',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
  'Ronald',
  'Stephanie',
  'Jason',
];
// No surname contains COMMON_TERM; 'Okafor' is index 0 so the pair (0, 0) is easy to avoid.
const LAST_NAMES = [
  'Okafor',
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Gonzales',
  'Fisher',
  'Vasquez',
  'Simmons',
  'Romero',
  'Jordan',
  'Patterson',
  'Alexander',
  'Hamilton',
  'Graham',
  'Reynolds',
  'Griffin',
  'Wallace',
  'Moreno',
  'West',
  'Cole',
  'Hayes',
  'Bryant',
  'Herrera',
  'Gibson',
  'Ellis',
  'Tran',
  'Medina',
  'Aguilar',
  'Stevens',
  'Murray',
  'Ford',
  'Castro',
  'Marshall',
  'Owens',
  'Harrison',
  'Fernandez',
  'Mcdonald',
  'Woods',
  'Washington',
  'Kennedy',
  'Wells',
  'Vargas',
  'Henry',
  'Chen',
  'Freeman',
  'Webb',
  'Tucker',
  'Guzman',
  'Burns',
  'Crawford',
  'Olson',
  'Simpson',
  'Porter',
  'Hunter',
  'Gordon',
  'Mendez',
  'Silva',
  'Shaw',
  'Snyder',
  'Mason',
  'Dixon',
  'Munoz',
  'Hunt',
  'Hicks',
  'Holmes',
  'Palmer',
  'Wagner',
  'Black',
  'Robertson',
  'Boyd',
  'Rose',
  'Stone',
  'Salazar',
  'Fox',
  'Warren',
  'Mills',
  'Meyer',
  'Rice',
  'Schmidt',
  'Garza',
  'Daniels',
  'Ferguson',
  'Nichols',
  'Stephens',
  'Soto',
  'Weaver',
  'Ryan',
  'Gardner',
  'Payne',
  'Grant',
  'Dunn',
  'Kelley',
  'Spencer',
  'Hawkins',
];

/**
 * `count` different "first last" names as the seed gives them (partner i has first name
 * i % FIRST_NAMES.length and last name i / FIRST_NAMES.length % LAST_NAMES.length), each pair
 * once: the many people at once scenario searches a different one with each request.
 */
export function seededFullNames(count: number): string[] {
  const pairs = Math.min(count, FIRST_NAMES.length * LAST_NAMES.length);
  return Array.from({ length: pairs }, (_, k) =>
    `${FIRST_NAMES[k % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(k / FIRST_NAMES.length) % LAST_NAMES.length]}`.toLowerCase(),
  );
}
const CITIES = [
  'Austin, TX',
  'Denver, CO',
  'Portland, OR',
  'Nashville, TN',
  'Columbus, OH',
  'Raleigh, NC',
  'Tampa, FL',
  'Omaha, NE',
  'Boise, ID',
  'Tulsa, OK',
  'Madison, WI',
  'Richmond, VA',
  'Spokane, WA',
  'Fresno, CA',
  'Mesa, AZ',
  'Wichita, KS',
  'Lincoln, NE',
  'Durham, NC',
  'Reno, NV',
  'Akron, OH',
  'Lagos',
  'Nairobi',
  'Accra',
  'Manila',
  'Lima',
  'Quito',
  'Kampala',
  'Lusaka',
  'Dakar',
  'Bogota',
];
const ZONES = ['North', 'South', 'East', 'West', 'Central', 'Coastal', 'Highlands', 'Metro'];

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** The partner for row number `i` (1-based) has this uuid, so gifts can name it without a join. */
const partnerId = (i: string) => sql.raw(`md5('bench-partner-' || (${i})::text)::uuid`);

export interface SeedScale {
  partners: number;
  donations: number;
}

export interface SeedResult {
  partners: number;
  donations: number;
  seconds: number;
}

/** Fills an empty, migrated database; refreshes the planner's statistics afterwards. */
/**
 * Runs `fill` with the table's secondary indexes dropped, then rebuilds them from their own
 * definitions (as the migrations made them): building an index once over a million rows is
 * many times faster than updating it a million times, above all the trigram GIN indexes.
 */
async function withoutIndexes(db: Db, table: string, fill: () => Promise<unknown>) {
  const result = (await db.execute(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
  `)) as unknown as { rows: { name: string; definition: string }[] };
  for (const index of result.rows) await db.execute(sql.raw(`drop index "${index.name}"`));
  await fill();
  for (const index of result.rows) await db.execute(sql.raw(index.definition));
}

/**
 * Runs `fill` with the table's own triggers off (they keep derived tables such as the giving
 * rollup); the caller rebuilds what they would have maintained.
 */
async function withoutTriggers(db: Db, table: string, fill: () => Promise<unknown>) {
  await db.execute(sql.raw(`alter table "${table}" disable trigger user`));
  try {
    await fill();
  } finally {
    await db.execute(sql.raw(`alter table "${table}" enable trigger user`));
  }
}

/** Tags in the bench data (issue 20): 'Bench tag 01' (the rarest) to 'Bench tag 20' (the most common). */
export const BENCH_TAGS = 20;
export const COMMON_TAG = 'Bench tag 20';
export const RARE_TAG = 'Bench tag 01';

/**
 * Partner i carries i % 4 tags (0 to 3). Each slot's tag is drawn from a triangular spread, so
 * tag k takes k / 210 of the slots: 'Bench tag 20' is on about 9% of partners, 'Bench tag 01'
 * on about 0.5%, so the tag-filter scenario has a common and a rare tag.
 */
async function seedTags(db: Db, n: number) {
  await db.execute(sql`
    insert into partner_tags (id, name, colour)
    select ('00000000-0000-4000-8000-' || lpad(k::text, 12, '0'))::uuid, 'Bench tag ' || lpad(k::text, 2, '0'),
           (array['gray', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'indigo', 'purple', 'pink'])[1 + k % 10]
    from generate_series(1, ${BENCH_TAGS}) as k
  `);
  await db.execute(sql`
    insert into partner_tag_links (tag_id, partner_id)
    select ('00000000-0000-4000-8000-' || lpad((1 + floor((sqrt(8 * t + 1) - 1) / 2))::int::text, 12, '0'))::uuid,
           ${partnerId('i')}
    from (
      select i, (i::bigint * 31 + s * 17) % 210 as t
      from generate_series(1, ${n}) as i, generate_series(1, 3) as s
      where s <= i % 4
    ) as slots
    on conflict do nothing
  `);
}

export async function seedBenchData(db: Db, scale: SeedScale): Promise<SeedResult> {
  const started = performance.now();
  const n = scale.partners;
  const rareStep = Math.floor(n / RARE_MATCHES);
  await withoutIndexes(db, 'partners', () =>
    db.execute(sql`
    insert into partners (id, name, email, phone, location, status, coordinator, notes, last_contact, zone,
                          cardholder_status, created_at, updated_at)
    select ${partnerId('i')}, name, lower(replace(name, ' ', '.')) || '.' || i || '@example.org',
           '+1 555 ' || lpad((i % 10000)::text, 4, '0'),
           (${textArray(CITIES)})[1 + (i * 7) % ${CITIES.length}],
           case when i % 7 = 0 then 'inactive' else 'active' end,
           'Coordinator ' || (1 + i % 40),
           case when i % 5 = 0 then 'Prefers email. Met at the spring conference.' end,
           case when i % 10 < 7 then (current_date - (i % 730))::date end,
           (${textArray(ZONES)})[1 + (i * 3) % ${ZONES.length}],
           i % 20 = 0,
           now() - make_interval(mins => (i * 2633) % (5 * 365 * 24 * 60)),
           now()
    from (
      select i,
        case
          when i % ${rareStep} = 1 and i / ${rareStep} < ${RARE_MATCHES} then 'Rosalind Okafor'
          else (${textArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] || ' ' ||
            case
              -- Every hundredth surname slot, so Whitfields have every first name (spread in name order).
              when (i / ${FIRST_NAMES.length}) % 100 = 3 then 'Whitfield'
              -- Rosalind is first name 0; keep her away from surname 0 (Okafor) everywhere else.
              when i % ${FIRST_NAMES.length} = 0 and (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length} = 0 then 'Smith'
              else (${textArray(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]
            end
        end as name
      from generate_series(1, ${n}) as i
    ) as rows
  `),
  );
  // Gifts: every partner gives in turn; one in five gifts has no linked partner (a name only).
  // Dates spread evenly over five years, so the dashboard's twelve months hold a fifth of them.
  // The giving rollup is built once afterwards, like the indexes (docs/decisions/0059).
  await withoutIndexes(db, 'donations', () =>
    withoutTriggers(db, 'donations', () =>
      db.execute(sql`
    insert into donations (partner_id, partner_name, amount, donation_type, notes, donation_date)
    select case when j % 5 = 0 then null else ${partnerId(`1 + j % ${n}`)} end,
           case when j % 5 = 0 then 'Anonymous ' || (j % 997) else 'Partner ' || (1 + j % ${n}) end,
           (5 + (j * 37) % 995)::numeric + ((j % 100)::numeric / 100),
           case when j % 3 = 0 then 'monthly' else 'one-time' end,
           null,
           now() - make_interval(secs => ((j::bigint * 7919) % (5 * 365 * 24 * 3600))::double precision)
    from generate_series(1, ${scale.donations}) as j
  `),
    ),
  );
  await rebuildGivingRollup(db);
  await seedTags(db, n);
  await db.execute(sql`vacuum analyze partners`);
  await db.execute(sql`vacuum analyze partner_tags`);
  await db.execute(sql`vacuum analyze partner_tag_links`);
  await db.execute(sql`vacuum analyze donations`);
  await db.execute(sql`vacuum analyze giving_slots`);
  await db.execute(sql`vacuum analyze giving_days`);
  return { partners: n, donations: scale.donations, seconds: (performance.now() - started) / 1000 };
}
