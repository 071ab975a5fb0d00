/**
 * The system administration screens' strings (`i18n/system.vi|en.json`: roles, groups, privileges,
 * menus, endpoints, applications, e-mail configuration, the settings list), kept out of the first
 * bundle (docs/product.md#performance-budgets: 300 KB): each of those resource descriptions and feature
 * modules imports this file, which adds them to i18next before the screen renders — as `payment-strings.ts`
 * does.
 */
import { application } from '@sitepay/domain/entities/application.entity';
import { addStringFiles } from './add-strings.ts';
import { addDescribedStrings } from './entity-strings.ts';
import { i18n } from './i18n.ts';
import en from './system.en.json';
import vi from './system.vi.json';

addStringFiles(i18n, { vi, en });
// the applications' field labels, choices and hints, from their description
addDescribedStrings(i18n, [application]);

export const systemStringsLoaded = true;
