import { sql, type SQL } from 'drizzle-orm';
import { partners } from '#server/db/schema';

/**
 * The partners whose email (or name) is one of `keys` whatever its case, each row with the key
 * that found it as `asked`: the imports' matching (gifts by email or name, partners by email,
 * or name and phone). `columns` is what each row selects from partners; `where` narrows them
 * further. Both sides are lower-cased by the database: JavaScript's toLowerCase differs from its
 * lower() for some letters ('İ', a last 'Σ'), so a key folded in JavaScript missed 'İlker'
 * stored as 'İlker' (decision 0176). One index probe per key (partners_email_lower_idx,
 * partners_sort_idx): `offset 0` keeps the planner from flattening the lateral into a scan of
 * every partner, which it chose for names (it expects many partners a name) and which cost a
 * third of a second a chunk at 100,000 partners.
 */
export function partnersByKeySql(column: 'email' | 'name', keys: readonly string[], columns: SQL, where?: SQL): SQL {
  const lowered = column === 'email' ? sql`lower(${partners.email})` : sql`lower(${partners.name})`;
  return sql`select k.value as asked, p.*
    from json_array_elements_text(${JSON.stringify([...new Set(keys)])}::json) as k(value)
    cross join lateral (
      select ${columns} from ${partners}
      where ${lowered} = lower(k.value) ${where ?? sql``}
      offset 0) as p`;
}
