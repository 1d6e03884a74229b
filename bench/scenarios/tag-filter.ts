/**
 * The directory filtered by a tag (issue 20): p50/p95 of GET /api/partners?tags=<one tag> (the
 * first page, 50 partners) for the seed's most common tag (about 9% of partners) and its rarest
 * (about 1%), at the run's partner count.
 */
import { COMMON_TAG, RARE_TAG } from '../seed';
import { sampleMs, summarize, type Summary } from '../stats';
import { getOk } from './dashboard';

export interface TagFilterFigures {
  common: { tag: string; api: Summary };
  rare: { tag: string; api: Summary };
}

async function tagIdNamed(url: string, cookie: string, name: string): Promise<string> {
  const response = await fetch(`${url}/api/partners/tags`, { headers: { cookie } });
  const { tags } = (await response.json()) as { tags: { id: string; name: string }[] };
  const tag = tags.find((t) => t.name === name);
  if (!tag) throw new Error(`the bench data has no tag named ${name}`);
  return tag.id;
}

export async function measureTagFilter(url: string, cookie: string, samples: number): Promise<TagFilterFigures> {
  const measure = async (name: string) => {
    const target = `${url}/api/partners?limit=50&tags=${await tagIdNamed(url, cookie, name)}`;
    return { tag: name, api: summarize(await sampleMs(() => getOk(target, cookie), samples)) };
  };
  return { common: await measure(COMMON_TAG), rare: await measure(RARE_TAG) };
}
