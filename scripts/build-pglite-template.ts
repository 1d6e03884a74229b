// Run by scripts/ensure-build.mjs: writes dist/pglite-template, the migrated empty data
// directory a first start copies instead of running initdb (docs/decisions/0057-start-up.md).
import { buildPgliteTemplate } from '../src/server/db/build-pglite-template';

await buildPgliteTemplate();
