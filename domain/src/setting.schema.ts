/**
 * The settings' schemas, from their descriptions in `entities/` (a code and a name plus what is
 * special to each).
 */
import { type SettingName, settingEntities } from './entities.ts';
import type { Entity } from './entity.ts';
import { type EntitySchemas, entitySchemas } from './entity-schemas.ts';

export { documentAttachmentTypes } from './entities/document-attachment.entity.ts';
export type { SettingName } from './entities.ts';

export const settingSchemas = Object.fromEntries(
  settingEntities.map((e) => [e.name, entitySchemas(e as Entity)]),
) as Record<SettingName, EntitySchemas<Entity>>;
