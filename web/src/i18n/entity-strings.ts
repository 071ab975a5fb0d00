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
import { contractGuarantee } from '@sitepay/domain/entities/contract-guarantee.entity';
import { commonFieldLabels, type Entity, entityStrings } from '@sitepay/domain/entity';
import { figureWords } from '@sitepay/domain/figure-words';
import type { i18n as I18n } from 'i18next';
import { addStrings, contribute, fillIn, type Tree } from './add-strings.ts';

type Bundle = { resources?: Record<string, { fields?: Record<string, string> }> };

function fillCommonFields(bundle: Bundle | undefined, lang: 'vi' | 'en') {
  for (const resource of Object.values(bundle?.resources ?? {})) {
    if (!resource?.fields) continue;
    for (const [field, words] of Object.entries(commonFieldLabels)) resource.fields[field] ??= words[lang];
  }
}

/**
 * Adds the words of `described` to both languages (each when it is loaded); the i18n files win where
 * they say more (a screen's own words). Written into the store's own objects (add-strings.ts says why).
 */
export function addDescribedStrings(i18n: I18n, described: readonly Entity[]) {
  contribute(i18n, (lang) => {
    const bundle = i18n.getResourceBundle(lang, 'translation') as Bundle & Tree;
    if (!bundle.resources) i18n.addResourceBundle(lang, 'translation', { resources: {} }, true, false);
    const resources = (i18n.getResourceBundle(lang, 'translation') as Tree).resources as Tree;
    for (const e of described) fillIn(resources, { [e.name]: entityStrings(e, lang) as unknown as Tree });
    fillCommonFields(i18n.getResourceBundle(lang, 'translation') as Bundle, lang);
  });
}

/**
 * With the signed-in screens (app/signed-in-routes.tsx): the ordinary entities and the contract's
 * records. A special record whose screens load later adds its own with its strings file
 * (payment-strings.ts), keeping its description out of the first bundles.
 */
const given = new WeakSet<I18n>();
export function addEntityStrings(i18n: I18n) {
  if (given.has(i18n)) return;
  given.add(i18n);
  addDescribedStrings(i18n, [...entities, contract, contractAnnex, contractGuarantee]);
  // the contract's two "remaining" figures, one definition for screens and exports: `figures.<name>`,
  // which the string files name as $t(figures.requestable)
  contribute(i18n, (lang) =>
    addStrings(i18n, lang, {
      figures: Object.fromEntries(Object.entries(figureWords).map(([k, w]) => [k, w[lang]])),
    }),
  );
  i18n.store.on('added', (lng: string, ns: string) => {
    if (ns === 'translation' && (lng === 'vi' || lng === 'en'))
      fillCommonFields(i18n.getResourceBundle(lng, 'translation') as Bundle, lng);
  });
}
