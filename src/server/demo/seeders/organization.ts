import { Readable } from 'node:stream';
import { appSettings } from '#server/db/schema';
import { LOGO_SETTING_KEY, ORGANIZATION_SETTING_KEY } from '#server/features/organization/service';
import { newObjectKey } from '#server/storage/index';
import { DEFAULT_ORGANIZATION, type OrganizationSettingsValues } from '#shared/schemas/organization';
import type { DemoContext } from '../seed';
import { rgbPng, type Rgb } from './demo-documents';

export const DEMO_MINISTRY = 'Grace Community Ministry';

/**
 * The ministry's details (Settings > Organization): a name, an address and a logo, so that the
 * year-end statements, the public forms and the emails carry the ministry's name and not the
 * portal's. Stored as the settings screen stores them.
 */
export async function seedDemoOrganization({ db, storage }: DemoContext) {
  const settings: OrganizationSettingsValues = {
    ...DEFAULT_ORGANIZATION,
    name: DEMO_MINISTRY,
    address: '1200 Elm Street\nDallas, TX 75201',
  };
  await db.insert(appSettings).values({ key: ORGANIZATION_SETTING_KEY, value: JSON.stringify(settings) });
  if (!storage) return;
  const logo = demoLogo();
  const key = newObjectKey('organization-logos');
  await storage.put(key, Readable.from([logo]), { contentType: 'image/png', maxBytes: logo.length });
  await db.insert(appSettings).values({ key: LOGO_SETTING_KEY, value: key });
}

/** A round emblem with a cross, in the portal's blue. */
function demoLogo(size = 240): Buffer {
  const blue: Rgb = [39, 70, 144];
  const white: Rgb = [255, 255, 255];
  const centre = size / 2;
  const bar = size * 0.08;
  return rgbPng(size, size, (x, y) => {
    const dx = x - centre;
    const dy = y - centre;
    if (dx * dx + dy * dy > (size * 0.48) ** 2) return white;
    const upright = Math.abs(dx) < bar && dy > -size * 0.3 && dy < size * 0.32;
    const beam = Math.abs(dy + size * 0.08) < bar && Math.abs(dx) < size * 0.2;
    return upright || beam ? white : blue;
  });
}
