/**
 * Words that come from the entities' descriptions rather than the i18n files
 * (docs/adr/0064-one-description-per-entity.md): each described entity's name and field labels
 * (`resources.<name>.*`), and the shared labels of the fields every record has (status, stamps),
 * filled into every `resources.<name>.fields` that does not say them itself — including those of
 * string files added later.
 */
import { entities } from '@sitepay/domain/entities';
import { contract } from '@sitepay/domain/entities/contract.entity';
import { contractAnnex } from '@sitepay/domain/entities/contract-annex.entity';
import { commonFieldLabels, type Entity, entityStrings } from '@sitepay/domain/entity';
import type { i18n as I18n } from 'i18next';

type Bundle = { resources?: Record<string, { fields?: Record<string, string> }> };

function fillCommonFields(bundle: Bundle | undefined, lang: 'vi' | 'en') {
  for (const resource of Object.values(bundle?.resources ?? {})) {
    if (!resource?.fields) continue;
    for (const [field, words] of Object.entries(commonFieldLabels)) resource.fields[field] ??= words[lang];
  }
}

type Tree = { [key: string]: string | Tree };

/** Copies into `target` what it does not say yet, level by level. */
function fillIn(target: Tree, source: Tree) {
  for (const [key, value] of Object.entries(source)) {
    const here = Object.hasOwn(target, key) ? target[key] : undefined;
    if (here === undefined) target[key] = typeof value === 'string' ? value : structuredClone(value);
    else if (typeof here !== 'string' && typeof value !== 'string') fillIn(here, value);
  }
}

/**
 * Adds the words of `described` to both languages; the i18n files win where they say more (a
 * screen's own words). Written into the store's own objects: i18next's merge skips a key named
 * `constructor`, an entity's name.
 */
export function addDescribedStrings(i18n: I18n, described: readonly Entity[]) {
  for (const lang of ['vi', 'en'] as const) {
    const bundle = i18n.getResourceBundle(lang, 'translation') as Bundle & Tree;
    if (!bundle.resources) i18n.addResourceBundle(lang, 'translation', { resources: {} }, true, false);
    const resources = (i18n.getResourceBundle(lang, 'translation') as Tree).resources as Tree;
    for (const e of described) fillIn(resources, { [e.name]: entityStrings(e, lang) as unknown as Tree });
    fillCommonFields(i18n.getResourceBundle(lang, 'translation') as Bundle, lang);
  }
}

/**
 * At start: the ordinary entities and the contract's records (their screens are in the first
 * bundle). A special record whose screens load later adds its own with its strings file
 * (payment-strings.ts), keeping its description out of the first bundle.
 */
export function addEntityStrings(i18n: I18n) {
  addDescribedStrings(i18n, [...entities, contract, contractAnnex]);
  i18n.store.on('added', (lng: string, ns: string) => {
    if (ns === 'translation' && (lng === 'vi' || lng === 'en'))
      fillCommonFields(i18n.getResourceBundle(lng, 'translation') as Bundle, lng);
  });
}
