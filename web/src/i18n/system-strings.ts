/**
 * The system administration screens' strings (`i18n/system.vi|en.json`: roles, groups, privileges,
 * menus, endpoints, applications, e-mail configuration, the settings list), kept out of the first
 * bundle (docs/product.md#performance-budgets: 300 KB): each of those resource descriptions and feature
 * modules imports this file, which adds them to i18next before the screen renders — as `payment-strings.ts`
 * does.
 */
import { i18n } from './i18n.ts';
import en from './system.en.json';
import vi from './system.vi.json';

i18n.addResourceBundle('vi', 'translation', vi, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

export const systemStringsLoaded = true;
